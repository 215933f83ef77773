"""fastmedia's test suite (a package, so test modules share ``tests.helpers``)."""
