"""Training the evaluator: data from GNU Backgammon, the numpy twin of the network, pubeval."""
