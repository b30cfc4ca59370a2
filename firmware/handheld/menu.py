"""A list of settings and actions on the two-line screen.

UP/DOWN choose the item, LEFT/RIGHT change its value, A picks it, B leaves.
An item is [label, choices, index]: choices a tuple of strings shown on
the bottom line (None for an action, whose bottom line is `note`).
"""
from firmware.handheld import keys, render, sounds

PICK = 1        # press() results besides None
BACK = 2
CHANGED = 3


class Menu:
    def __init__(self, items, note="A"):
        self.items = items
        self.at = 0
        self.note = note
        self.since = 0          # when the current line started, for scrolling

    def label(self):
        return self.items[self.at][0]

    def _item(self, label):
        for item in self.items:
            if item[0] == label:
                return item
        raise ValueError("no menu item %r" % label)

    def value(self, label):
        """The index chosen for the item with this label."""
        return self._item(label)[2]

    def set(self, label, index):
        self._item(label)[2] = index

    def choices(self, label):
        """The choices of the item with this label (None for an action)."""
        return self._item(label)[1]

    def press(self, button, now_ms):
        """(result, melody): result PICK, BACK, CHANGED or None."""
        item = self.items[self.at]
        if button in (keys.UP, keys.DOWN):
            step = -1 if button == keys.UP else 1
            self.at = (self.at + step) % len(self.items)
            self.since = now_ms
            return None, sounds.CLICK
        if button in (keys.LEFT, keys.RIGHT):
            if item[1] is None:
                return None, sounds.ILLEGAL
            step = -1 if button == keys.LEFT else 1
            item[2] = (item[2] + step) % len(item[1])
            self.since = now_ms
            return CHANGED, sounds.CLICK
        if button == keys.A:
            return PICK, sounds.CLICK
        if button in (keys.B, keys.MENU):
            return BACK, sounds.CLICK
        return None, None

    def draw(self, frame, now_ms, bottom=None):
        item = self.items[self.at]
        if bottom is None:
            bottom = self.note if item[1] is None else item[1][item[2]]
        return render.screen(frame, item[0], bottom, now_ms, self.since, arrows=item[1] is not None)
