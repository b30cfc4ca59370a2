"""HOW TO PLAY, the main menu's one screen of help: the game and its keys in
one line that scrolls. Loaded when shown and let go at once (app.py)."""

TEXT = ("YOU ARE RED. RACE ALL 15 CHECKERS ROUND TO THE BOTTOM RIGHT AND BEAR "
        "THEM OFF FIRST. A ROLLS. ARROWS MOVE THE CURSOR, A PICKS UP A CHECKER "
        "AND PUTS IT DOWN ON A YELLOW POINT, B TAKES IT BACK, A ENDS THE MOVE. "
        "A LONE CHECKER HIT GOES TO THE BAR. CUBE DOUBLES. MENU: HINT, PIPS, "
        "SCORE. A OR B: BACK")
