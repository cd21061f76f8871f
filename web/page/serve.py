#!/usr/bin/env python3
"""Serves this folder (a taflzero web export) on http://127.0.0.1:PORT/ for a browser: the
page fetches its model and WebAssembly files, which browsers refuse from file:// URLs.
Usage: python3 serve.py [--port PORT] [--dir DIR]   (port 0: any free port)"""
import argparse
import functools
import http.server
import os

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--port", type=int, default=8000)
parser.add_argument("--dir", default=os.path.dirname(os.path.abspath(__file__)))
args = parser.parse_args()


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types that WebAssembly and JavaScript modules need."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".onnx": "application/octet-stream"}

    def log_message(self, *_):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), functools.partial(Handler, directory=args.dir))
print(f"serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/", flush=True)
server.serve_forever()
