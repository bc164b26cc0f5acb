"""The game screen's parts, each an object the screen holds and hands what it
needs: the pacing of the others' moves, the log's lines, the table's news and the
host's player's controls, the turn's keys and the mode's keys, the waiting clock."""
