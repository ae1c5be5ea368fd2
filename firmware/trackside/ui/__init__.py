# The device's user interface: keys, screens, drawing (docs/device.md).
