"""Teams: the team model, formats as data, the validator, import/export and statistics.

Below the engine and above the catalogue; never imports Qt.
"""
