"""The app's words in English and French: the catalogue (``say``) and the
catalogues of each part it gathers."""
