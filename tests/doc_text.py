# Reading the documentation the tests hold to what Trackside does (no tests
# here): a file of the project, the fenced code blocks of a markdown text, a
# game's section of docs/log-format.md, and a log's entries as the reader
# sees them.
import os
import re

from conftest import ROOT
from trackside import logfmt


def read(path):
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def blocks(text):
    # The fenced code blocks of a markdown text.
    return re.findall(r'```[a-z]*\n(.*?)```', text, re.S)


def section(doc, title):
    # The text of a "## title" section of a markdown document.
    return doc.split('\n## ' + title + '\n')[1].split('\n## ')[0]


def log_format(title):
    # A game's section of docs/log-format.md.
    return section(read(os.path.join('docs', 'log-format.md')), title)


def entries(lines):
    # Lines without comments and blanks, as the log reader sees them.
    out = []
    for line in lines:
        w = logfmt.words_of(line)
        if w:
            out.append(b' '.join(w).decode())
    return out
