"""An I2C bus with devices on it, fault injection and a transaction count."""

EIO = 5         # what the rp2 port's hardware I2C raises on a NACK
ENODEV = 19     # what SoftI2C raises when no device answers its address


class Bus:
    def __init__(self):
        self.devices = {}
        self.faults = {}        # address -> [count left, errno]
        self.transactions = 0
        self.nacks = 0

    def attach(self, device):
        self.devices[device.address] = device

    def detach(self, address):
        return self.devices.pop(address, None)

    def fail(self, address, count=1, errno=EIO):
        """The next `count` writes to `address` fail with OSError(errno)."""
        self.faults[address] = [count, errno]

    def scan(self):
        return sorted(self.devices)

    def write(self, address, data):
        self.transactions += 1
        fault = self.faults.get(address)
        if fault is not None:
            fault[0] -= 1
            if fault[0] <= 0:
                del self.faults[address]
            self.nacks += 1
            raise OSError(fault[1])
        device = self.devices.get(address)
        if device is None:
            self.nacks += 1
            raise OSError(EIO)
        device.write(bytes(data))
        return len(data)
