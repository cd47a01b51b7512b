"""The render stage: component faces as PDF pages, drawn from layouts (YAML + Jinja + CSS) with WeasyPrint.

Modules, one concept each: ``layouts`` (geometry YAML and ``extends``), ``faces`` (which faces a pack has),
``environment`` (the Jinja environment and template helpers), ``icons`` (inline SVG), ``fonts`` (vendored
fonts and their metrics), ``fit`` (text that shrinks to its box), ``art`` (pictures and placeholders),
``colour`` (colour arithmetic), ``document`` (faces to HTML), ``pdf`` (HTML to deterministic PDF),
``raster`` (PDF pages to images) and ``stage`` (the whole pack to files).
"""
