"""The web rulebook: a static site of a pack's rules, glossary, worked examples and card gallery, with search.

The site is made from the same sources as the PDF rulebook, through the rulebook's own Markdown parser and
macros (``publish.rulebook``): the same pages, icons, glossary terms, card tables and worked examples replayed
by the game's engine. Card figures and the gallery show the printed faces, rasterised from the render stage's
pages. ``build/<pack>/web/`` opens from ``file://`` and from any static host: every URL is relative, fonts,
scripts and styles are local files, and the search index is a script, not a file to fetch.

``build_site`` builds it once; ``serve.serve_pack`` serves it on localhost, rebuilds from the stage a changed
file feeds and reloads the open pages (the reload script is added to pages as they are served, never written).
The gallery's filters and the image resolution are settings (``layouts/web/site.yaml``), the words of the site's
own parts are per language (``layouts/web/strings/<lang>.yaml``, ``strings``); the templates and stylesheets are
``layouts/web/*.html`` and ``assets/``. A pack written in several languages gets a site per language, each page
linking to the same page of the others (``languages``); card fields are named and written as players read them
(``values``).

The package imports none of its modules itself: a build checks the site's settings and templates before it draws a
face (``settings``, ``names``), and the site's own stage (``site``) loads only when a build makes the site.
"""
