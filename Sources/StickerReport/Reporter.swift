// reporters
