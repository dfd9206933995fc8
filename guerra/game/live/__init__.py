"""The live table: the websocket consumer and its routing, the pushes the services ring after
each commit (`push`), and the server's own deadline timer (`timer`)."""
