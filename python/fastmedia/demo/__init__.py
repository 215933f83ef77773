"""``python -m fastmedia demo [--dynamo]``: the end-to-end demos (``local``, ``dynamo``) and
the Dynamo deployment harness they and the tests run."""
