"""The browser table: the only package that touches the page (``pyscript``/``js``)."""
