# A fake `machine` module for the host (CPython, and MicroPython's unix port in the
# tests): the board modules in boards/ run on it unchanged. Nothing here touches real
# hardware. It keeps the levels of the pins, records what the buses are asked to send,
# and hands every write to the listeners that the simulator or a test attached.
#
# Host-only controls live on the `host` object, so nothing shadows the real machine
# API (machine.reset() means "reset the MCU" on a device):
#
#   import machine
#   machine.host.clear()                           # forget every pin, bus, listener
#   machine.host.on_spi(fn, pins=(16, 17))         # fn(data, (dc, cs), spi) per SPI write
#   machine.host.on_i2c(fn, addr=0x3C)             # fn(addr, data, i2c) per I2C transaction
#   machine.host.on_pin(fn, pins=(20,))            # fn(pin_id, level) when an output changes
#   machine.host.set_input(12, 0)                  # something outside drives GP12 low
#   machine.host.set_input(12, None)               # ... and lets go again
#   machine.host.level(20)                         # the level a pin is at now
#   machine.host.pwm(6)                            # {'freq': .., 'duty_u16': .., ...}
#
# An input that nothing drives reads its pull: PULL_UP 1, PULL_DOWN 0, and no pull 1
# (every button on our boards has a pull-up, on the chip or on the board, and is
# active low). Attach listeners before the board's open(), so they see the init bytes.
# Plain Python without f-strings, so it runs on MicroPython's unix port as well.


class _Host:
    def __init__(self):
        self.clear()

    def clear(self):
        self.levels = {}        # pin id -> level an output drives (0/1)
        self.modes = {}         # pin id -> Pin mode
        self.pulls = {}         # pin id -> Pin pull (None: none)
        self.inputs = {}        # pin id -> level driven from outside (a pressed button)
        self.irqs = {}          # pin id -> (handler, trigger, pin object)
        self.pwms = {}          # pin id -> {'freq':, 'duty_u16':, 'invert':, 'on':}
        self.spi_listeners = []  # (fn, pins, bus)
        self.pin_listeners = []  # (fn, pins)
        self.i2c_listeners = []  # (fn, addr, bus)
        self.i2c_devices = set()  # addresses that answer without a listener
        self.events = []        # machine-level calls worth a look: ('reset',), ...

    # pins
    def level(self, pin_id):
        mode = self.modes.get(pin_id)
        if mode == Pin.OUT or mode == Pin.OPEN_DRAIN:
            if mode == Pin.OPEN_DRAIN and self.levels.get(pin_id, 0):
                return self._input_level(pin_id)
            return self.levels.get(pin_id, 0)
        return self._input_level(pin_id)

    def _input_level(self, pin_id):
        v = self.inputs.get(pin_id)
        if v is not None:
            return v
        if self.pulls.get(pin_id) == Pin.PULL_DOWN:
            return 0
        return 1

    def drive(self, pin_id, level):
        # an output pin is set (Pin.value(1), on(), init(value=...))
        level = 1 if level else 0
        before = self.levels.get(pin_id)
        self.levels[pin_id] = level
        if before != level:
            for fn, pins in self.pin_listeners:
                if not pins or pin_id in pins:
                    fn(pin_id, level)

    def set_input(self, pin_id, level):
        """Drive an input from outside (None: stop driving it). Fires pin IRQs."""
        before = self._input_level(pin_id)
        self.inputs[pin_id] = None if level is None else (1 if level else 0)
        after = self._input_level(pin_id)
        irq = self.irqs.get(pin_id)
        if irq and before != after:
            handler, trigger, pin = irq
            if (after == 0 and trigger & Pin.IRQ_FALLING) or (after == 1 and trigger & Pin.IRQ_RISING):
                handler(pin)

    # buses
    def on_spi(self, fn, pins=(), bus=None):
        """fn(data, levels, spi) for every SPI write; levels: the pins' levels then."""
        entry = (fn, tuple(_pin_id(p) for p in pins), bus)
        self.spi_listeners.append(entry)
        return entry

    def on_pin(self, fn, pins=()):
        """fn(pin_id, level) whenever the program changes an output's level."""
        entry = (fn, tuple(_pin_id(p) for p in pins))
        self.pin_listeners.append(entry)
        return entry

    def on_i2c(self, fn, addr=None, bus=None):
        """fn(addr, data, i2c) for every I2C write transaction to addr (None: any)."""
        entry = (fn, addr, bus)
        self.i2c_listeners.append(entry)
        return entry

    def remove(self, entry):
        if entry in self.spi_listeners:
            self.spi_listeners.remove(entry)
        if entry in self.i2c_listeners:
            self.i2c_listeners.remove(entry)
        if entry in self.pin_listeners:
            self.pin_listeners.remove(entry)

    def pwm(self, pin_id):
        return self.pwms.get(pin_id)


host = _Host()


def _pin_id(p):
    return p.id if isinstance(p, Pin) else p


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    PULL_HOLD = 4
    IRQ_FALLING = 4
    IRQ_RISING = 8
    DRIVE_0 = 0
    DRIVE_1 = 1
    DRIVE_2 = 2
    DRIVE_3 = 3

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        self.id = id
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        if mode != -1 and mode is not None:
            host.modes[self.id] = mode
        if pull != -1:
            host.pulls[self.id] = pull
        if value is not None:
            host.drive(self.id, value)

    def value(self, v=None):
        if v is None:
            return host.level(self.id)
        host.drive(self.id, v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        host.drive(self.id, 1)

    def off(self):
        host.drive(self.id, 0)

    high = on
    low = off

    def toggle(self):
        host.drive(self.id, 1 - host.levels.get(self.id, 0))

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, **kw):
        if handler is None:
            host.irqs.pop(self.id, None)
        else:
            host.irqs[self.id] = (handler, trigger, self)

    def __repr__(self):
        return 'Pin(%r)' % (self.id,)


class SPI:
    MSB = 1
    LSB = 0
    CONTROLLER = 0

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=1,
                 sck=None, mosi=None, miso=None, **kw):
        self.id = id
        self.bytes_written = 0
        self.writes = 0
        self.init(baudrate, polarity, phase, bits, firstbit, sck, mosi, miso)

    def init(self, baudrate=None, polarity=None, phase=None, bits=None, firstbit=None,
             sck=None, mosi=None, miso=None, **kw):
        # as on a board: what is not given stays as it was
        for name, value in (('baudrate', baudrate), ('polarity', polarity), ('phase', phase),
                            ('bits', bits), ('firstbit', firstbit), ('sck', sck), ('mosi', mosi)):
            if value is not None:
                setattr(self, name, value)
        self.miso = miso

    def deinit(self):
        pass

    def write(self, buf):
        data = bytes(buf)
        self.bytes_written += len(data)
        self.writes += 1
        for fn, pins, bus in host.spi_listeners:
            if bus is None or bus == self.id:
                fn(data, tuple(host.level(p) for p in pins), self)
        return None

    def read(self, nbytes, write=0x00):
        self.write(bytes([write]) * nbytes)
        return bytes(nbytes)

    def readinto(self, buf, write=0x00):
        self.write(bytes([write]) * len(buf))
        for i in range(len(buf)):
            buf[i] = 0

    def write_readinto(self, write_buf, read_buf):
        self.write(write_buf)
        for i in range(len(read_buf)):
            read_buf[i] = 0


class SoftSPI(SPI):
    def __init__(self, baudrate=500000, polarity=0, phase=0, bits=8, firstbit=1,
                 sck=None, mosi=None, miso=None, **kw):
        SPI.__init__(self, 'soft', baudrate, polarity, phase, bits, firstbit, sck, mosi, miso)


class I2C:
    def __init__(self, id=0, scl=None, sda=None, freq=400000, **kw):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.bytes_written = 0
        self.transactions = 0

    def init(self, scl=None, sda=None, freq=None, **kw):
        if freq is not None:
            self.freq = freq

    def deinit(self):
        pass

    def _present(self, addr):
        if addr in host.i2c_devices:
            return True
        for fn, a, bus in host.i2c_listeners:
            if (a is None or a == addr) and (bus is None or bus == self.id):
                return True
        return False

    def scan(self):
        found = set(host.i2c_devices)
        for fn, a, bus in host.i2c_listeners:
            if a is not None and (bus is None or bus == self.id):
                found.add(a)
        return sorted(found)

    def _send(self, addr, data):
        if not self._present(addr):
            raise OSError(5)            # EIO: no device acknowledged the address
        self.bytes_written += len(data)
        self.transactions += 1
        for fn, a, bus in host.i2c_listeners:
            if (a is None or a == addr) and (bus is None or bus == self.id):
                fn(addr, data, self)
        return len(data)

    def writeto(self, addr, buf, stop=True):
        return self._send(addr, bytes(buf))

    def writevto(self, addr, vector, stop=True):
        # one transaction: the buffers go out back to back after one START + address
        return self._send(addr, b''.join(bytes(b) for b in vector))

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self._send(addr, bytes([memaddr & 0xFF]) + bytes(buf))

    def readfrom_into(self, addr, buf, stop=True):
        if not self._present(addr):
            raise OSError(5)
        for i in range(len(buf)):
            buf[i] = 0

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf)
        return bytes(buf)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        self.readfrom_into(addr, buf)

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        return self.readfrom(addr, nbytes)


class SoftI2C(I2C):
    def __init__(self, scl=None, sda=None, freq=400000, timeout=50000, **kw):
        I2C.__init__(self, 'soft', scl, sda, freq)


class PWM:
    def __init__(self, dest, freq=None, duty_u16=None, duty_ns=None, invert=False, **kw):
        self.pin = _pin_id(dest)
        state = {'freq': 0, 'duty_u16': 0, 'invert': bool(invert), 'on': True}
        host.pwms[self.pin] = state
        self._state = state
        self.init(freq, duty_u16, duty_ns)

    def init(self, freq=None, duty_u16=None, duty_ns=None, invert=None, **kw):
        self._state['on'] = True
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)
        if duty_ns is not None:
            self.duty_ns(duty_ns)
        if invert is not None:
            self._state['invert'] = bool(invert)

    def freq(self, value=None):
        if value is None:
            return self._state['freq']
        self._state['freq'] = int(value)

    def duty_u16(self, value=None):
        if value is None:
            return self._state['duty_u16']
        value = int(value)
        if not 0 <= value <= 65535:
            raise ValueError('duty_u16 must be 0-65535')
        self._state['duty_u16'] = value

    def duty_ns(self, value=None):
        f = self._state['freq'] or 1
        if value is None:
            return self._state['duty_u16'] * 1000000000 // (65535 * f)
        self.duty_u16(min(65535, int(value) * 65535 * f // 1000000000))

    def deinit(self):
        self._state['on'] = False


class ADC:
    def __init__(self, pin, **kw):
        self.pin = _pin_id(pin)
        self.value = 0          # a test sets this: the raw 16-bit reading

    def read_u16(self):
        return self.value


def reset():
    host.events.append(('reset',))
    raise SystemExit('machine.reset()')


def soft_reset():
    host.events.append(('soft_reset',))
    raise SystemExit('machine.soft_reset()')


def freq(hz=None):
    if hz is None:
        return 125000000
    host.events.append(('freq', hz))


def unique_id():
    return b'\xe6\x61\x38\x52\x83\x4b\x5c\x2a'


def idle():
    pass


def lightsleep(ms=None):
    host.events.append(('lightsleep', ms))


def deepsleep(ms=None):
    host.events.append(('deepsleep', ms))


def disable_irq():
    return 0


def enable_irq(state=0):
    pass
