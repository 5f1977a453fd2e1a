#!/usr/bin/env python3
"""PyYAML's reading of YAML files, for stickerlint's differential test of its own YAML reader.

    yaml_compose.py FILE...

prints one JSON object: for each file, {"tree": T} where T is the composed node tree (no type
resolution: a scalar is its text after unquoting and escapes, as {"s": text}; a sequence a JSON
array; a mapping {"m": [[key, value], ...]} in document order, duplicate keys kept; null for an
empty document, "---" alone included), or {"error": LINE, "message": TEXT} (LINE 1-based; 0 when PyYAML names none).
Several documents in one file are an error here, as they are for a configuration.
"""
import json
import sys

import yaml


def tree(node):
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return {"s": node.value}
    if isinstance(node, yaml.SequenceNode):
        return [tree(child) for child in node.value]
    return {"m": [[tree(k), tree(v)] for k, v in node.value]}


def main():
    out = {}
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            node = yaml.compose(data, Loader=yaml.SafeLoader)
            # A document of nothing but "---" is an empty document, as one with no content at all.
            if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null") and node.value == "" and node.style is None:
                node = None
            out[path] = {"tree": tree(node)}
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            out[path] = {"error": mark.line + 1 if mark else 0, "message": str(error).splitlines()[0]}
        except yaml.YAMLError as error:
            out[path] = {"error": 0, "message": str(error).splitlines()[0]}
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
