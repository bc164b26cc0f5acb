"""Every screen of the app, one ``XxxScreen`` to a module named for it."""
