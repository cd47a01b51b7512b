"""Building the site in stages that a live preview can repeat one by one.

``SiteBuilder`` keeps what each stage made:
  ``load``   the pack, loaded and statically checked (a blocking problem stops the build, the old site stays);
  ``rules``  the settings and the rulebook's pages, glossary and examples, through the rulebook's own parser
             and macros, with card figures drawn as images (``WebFigures``);
  ``faces``  the render stage's master (reused from ``pnpforge build`` when given), then card images and web
             fonts, each made only when its cache key is new;
  ``write``  every page rendered with the templates of ``layouts/web/``, its links made relative, written only
             when its bytes changed; the search index and the static assets beside them.
A full build runs all four; ``pnpforge serve`` runs from the stage that a changed file feeds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from pnpforge.caches.paths import BuildPaths, OutputPaths
from pnpforge.check.pack import CheckedPack, check_pack
from pnpforge.content.pack import Pack
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.publish.rulebook import has_rulebook
from pnpforge.publish.rulebook.book import load_sources
from pnpforge.publish.rulebook.document import Rulebook, write_rulebook
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.shop import load_presets
from pnpforge.publish.web import images
from pnpforge.publish.web.figures import SCALES, WebFigures, image_path
from pnpforge.publish.web.languages import Switcher
from pnpforge.publish.web.pages import SiteContent
from pnpforge.publish.web.settings import Settings, load_settings
from pnpforge.publish.web.strings import load_strings
from pnpforge.publish.web.write import write_site
from pnpforge.render.cache import FileDigests, face_key
from pnpforge.render.document import FIGURE_TITLE
from pnpforge.render.drawing import DrawnPages
from pnpforge.render.faces import Face, pack_faces
from pnpforge.render.layouts import LAYOUTS_DIR, LayoutError
from pnpforge.render.stage import RenderResult, default_language, pack_output_dir, render_master

WEB_DIR = "web"
FONTS_DIR = "assets/fonts"
DOWNLOADS_DIR = "downloads"
# Files of the same build the home page offers, when the build has them: (label key, file under build/<pack>/).
DOWNLOADS = (("download_rulebook_a4", "rulebook-a4.pdf"), ("download_rulebook_letter", "rulebook-letter.pdf"),
             ("download_validation", "validation/report.html"))
LAYOUT_BATCH = 10  # faces drawn together into one PDF for their images
Step = Callable[[str, int], None]
Loader = Callable[[str], tuple[CheckedPack, BuildPaths | None]]  # a pack argument -> the checked pack, its paths


@dataclass
class SiteResult:
    """What one build of the site did."""

    folder: Path
    pages: int = 0
    written: int = 0
    images: int = 0
    made: int = 0  # images and fonts made by this build (the others came from the cache)
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)  # the site's own: settings, links, layouts
    rules_findings: list[Finding] = field(default_factory=list)  # the rulebook's sources (also the PDF's)
    blocked: bool = False  # a problem stopped the build: the site was not (re)written

    def summary(self) -> str:
        """One line for the terminal."""
        return (f"wrote {display_path(self.folder)}/: {self.pages} pages ({self.written} changed), "
                f"{self.images} card images ({self.made} files made) in {self.seconds:.1f} s")


class SiteBuilder:
    """Builds one pack's site into ``<build>/<pack>/web/``, keeping each stage's results for rebuilds."""

    def __init__(self, argument: str | Pack, build_dir: Path, layouts_dir: Path = LAYOUTS_DIR,
                 lang: str | None = None, jobs: int | None = None, select: Callable[[Face], bool] | None = None,
                 step: Step | None = None, switcher: bool = True, paths: BuildPaths | None = None,
                 loader: Loader | None = None, drawn: DrawnPages | None = None):
        """``argument`` is a pack id, a pack folder or a loaded pack; ``select`` limits the gallery's cards
        (faces the rules show are always made); ``switcher`` false leaves out the links to the pack's other
        languages (a live preview serves one site); ``paths`` are the build's (``caches.paths``), by default the
        pack's folder under ``build_dir``. ``loader`` loads and checks the pack (``pnpforge serve`` passes the build
        chain's, with its caches and paths); by default ``check_pack``. ``drawn``: faces an earlier stage drew into
        a PDF (the rulebook's figures), rasterised from there rather than drawn again."""
        self.switcher = switcher
        self.paths = paths
        self.loader = loader
        self.argument = argument
        self.build_dir = build_dir
        self.layouts_dir = layouts_dir
        self.asked_lang = lang
        self.jobs = jobs
        self.select = select
        self.step = step or (lambda what, count: None)
        self.pack: Pack | None = argument if isinstance(argument, Pack) else None
        self.lang = ""
        self.load_findings: list[Finding] = []
        self.settings: Settings | None = None
        self.figures: WebFigures | None = None
        self.macros: Macros | None = None
        self.book: Rulebook | None = None
        self.rules_findings: list[Finding] = []
        self.master: RenderResult | None = None
        self.made = 0
        self.image_count = 0
        self.fonts: dict[str, tuple[Path, Path]] = {}
        self.drawn = drawn or DrawnPages()

    # --- stages -----------------------------------------------------------------------------------------------
    def load(self) -> list[Finding]:
        """Load and check the pack; return the findings (a blocking one means there is no new pack)."""
        if isinstance(self.argument, Pack) and self.pack is not None and not self.load_findings:
            return []
        if self.loader is not None:
            checked, self.paths = self.loader(str(self.argument))
        else:
            checked = check_pack(str(self.argument))
        self.load_findings = list(checked.findings)
        if checked.pack is not None and not any(f.blocking for f in self.load_findings):
            self.pack = checked.pack
            self.master = None
        return self.load_findings

    @property
    def out_dir(self) -> Path:
        """``build/<pack>`` (or ``build/<pack>/<lang>`` for a language other than the pack's first)."""
        assert self.pack is not None  # loaded first
        return pack_output_dir(self.build_dir, self.pack, self.lang)

    @property
    def output_paths(self) -> OutputPaths:
        """Where this language's outputs and caches go."""
        assert self.pack is not None, "the pack is loaded first"
        paths = self.paths if self.paths is not None else BuildPaths.of(self.build_dir, self.pack)
        return paths.lang(self.lang)

    @property
    def site_dir(self) -> Path:
        """Where the site is written."""
        return self.out_dir / WEB_DIR

    def rules(self) -> list[Finding]:
        """Settings, then the rulebook's pages, glossary and examples as HTML with image figures."""
        pack = self.pack
        assert pack is not None  # loaded first
        self.lang = self.asked_lang or default_language(pack)
        findings: list[Finding] = []
        if self.lang not in pack.game.languages:
            return [Finding("error", f"pack '{pack.id}' has no language '{self.lang}'; languages: "
                                     f"{', '.join(pack.game.languages)}", mark=Mark(str(pack.game_doc.path)),
                            blocking=True, rule="web")]
        strings = load_strings(pack, self.layouts_dir, self.lang, findings)
        self.settings = load_settings(pack, self.layouts_dir, findings, strings)
        if any(f.blocking for f in findings):
            return findings
        self.figures = WebFigures(pack, self.lang, self.output_paths.art, self.layouts_dir,
                                  zoom=self.settings.file.figure_zoom, dpi=float(self.settings.file.image_dpi),
                                  max_px=self.settings.file.image_max_px)
        sources = load_sources(pack, self.lang, self.layouts_dir)
        if has_rulebook(pack) and any(f.blocking for f in sources.findings):
            self.rules_findings = list(sources.findings)  # a broken rulebook.yaml or glossary: nothing to build on
            return findings + [Finding("error", "the site is not written until the rules' problems above are fixed",
                                       mark=Mark(display_path(sources.folder)), blocking=True, rule="web")]
        if has_rulebook(pack):
            self.book = write_rulebook(sources, self.figures, self.lang)
            self.macros = self.book.macros
            self.rules_findings = list(self.book.findings)
        else:
            self.book = None
            self.macros = Macros(sources, self.figures, self.lang)
            self.rules_findings = []
        return findings

    def faces(self, master: RenderResult | None = None) -> list[Finding]:
        """The master (given, kept from the last build, or rendered), then the card images and web fonts."""
        pack = self.pack
        assert pack is not None and self.figures is not None  # loaded, then the rules
        if master is not None:
            self.master = master
        shown = set(self.figures.shown)
        wanted = self._wanted_faces(shown)
        findings: list[Finding] = []
        if self.master is None or not all(key in self.master.pages for key in wanted):
            bleeds = [preset.bleed_mm for preset in load_presets(self.layouts_dir, pack)]
            select = None if self.select is None else (lambda face: face.key in wanted)
            self.master = render_master(pack, self.lang, self.out_dir, bleeds, self.layouts_dir, self.step,
                                        self.jobs, select, paths=self.output_paths)
            findings += self.master.findings  # the render stage's own findings, when this build rendered it
        self.made = self._images_and_fonts(shown)
        return findings

    def _wanted_faces(self, shown: set[str]) -> set[str]:
        """Face keys the gallery shows (selected fronts and their backs) and the pack faces figures show."""
        assert self.pack is not None and self.figures is not None
        faces, _ = pack_faces(self.pack, self.figures.renderer.layouts)
        chosen = {face.key for face in faces if self.select is None or self.select(face) or face.key in shown}
        backs = {face.back for face in faces if face.key in chosen and face.back}
        return chosen | backs

    def _images_and_fonts(self, shown: set[str]) -> int:
        """Make missing cache entries, copy them into the site, remove what the site no longer shows."""
        assert self.pack is not None and self.settings is not None and self.figures is not None
        assert self.master is not None  # rendered by faces()
        cache = self.output_paths.cached(images.CACHE_DIR)
        site = self.site_dir
        tasks: list[images.ImageTask | images.LayoutTask | images.FontTask] = []
        copies: dict[Path, Path] = {}
        renderer = self.figures.renderer
        roots = tuple((name, str(path)) for name, path in renderer.roots.pairs())
        faces = {face.key: face for face in self.master.faces if face.type in self.pack.types}  # printed dice: none
        faces.update({key: face for key, face in self.figures.shown.items() if key not in faces})
        digests = FileDigests({name: Path(path) for name, path in roots})
        to_lay_out: dict[str, list[tuple[str, images.ImageTask]]] = {}
        for key, face in faces.items():
            transparent, round_shape = face.layout.transparent, face.layout.shape == "round"
            outline = face.layout.outline.points if face.layout.outline else ()
            dpi = self.figures.dpi_of(face)
            in_master = key in self.master.pages
            document = "" if in_master else renderer.document([face], FIGURE_TITLE)
            source = self.master.keys[key] if in_master else face_key(document, digests)
            missing = []
            for scale in SCALES:
                cache_key = images.image_key(source, dpi * scale, transparent, round_shape, outline)
                entry = images.cached(cache / "images", cache_key, ".webp")
                copies[entry] = site / image_path(key, scale)
                if not entry.is_file():
                    missing.append((scale, str(entry)))
            if not missing:
                continue
            task = images.ImageTask(tuple(missing), dpi, (face.layout.width, face.layout.height), transparent,
                                    round_shape, outline=outline)
            drawn = None if in_master else self.drawn.find(document)
            if in_master:
                pdf, page = self.master.pages[key]
                tasks.append(replace(task, pdf=str(pdf), page=page, bleed_mm=self.master.bleeds[key]))
            elif drawn is not None:
                tasks.append(replace(task, pdf=drawn[0], page=drawn[1]))
            else:
                to_lay_out.setdefault(face.type, []).append((document, task))
        for batch in to_lay_out.values():
            for start in range(0, len(batch), LAYOUT_BATCH):
                chunk = batch[start:start + LAYOUT_BATCH]
                tasks.append(images.LayoutTask(tuple(document for document, _ in chunk), renderer.fonts, roots,
                                               tuple(task for _, task in chunk)))
        self.fonts = {}
        for font_face in renderer.fonts.faces.values():
            cache_key = images.font_key(font_face.path)
            entry = images.cached(cache / "fonts", cache_key, ".woff")
            relative = f"{font_face.path.parent.name}/{font_face.path.stem}.woff"
            copies[entry] = site / FONTS_DIR / relative
            self.fonts[str(font_face.path)] = (entry, site / FONTS_DIR / relative)
            licence = font_face.path.parent / "OFL.txt"
            if licence.is_file():
                copies[licence] = site / FONTS_DIR / font_face.path.parent.name / licence.name
            if not entry.is_file():
                tasks.append(images.FontTask(cache_key, str(entry), str(font_face.path)))
        made = images.files_of(tasks)
        if tasks:
            self.step("web images", made)
        images.run_tasks(tasks, self.jobs)
        for source_file, target in copies.items():
            images.publish(source_file, target)
        images.prune(site / "img", set(copies.values()), "*.webp")
        images.prune(site / FONTS_DIR, set(copies.values()), "*")
        if self.select is None:
            images.prune(cache, set(copies), "*")
        self.image_count = sum(1 for target in copies.values()  # faces shown, each at every resolution
                               if target.suffix == ".webp" and "@" not in target.stem)
        return made

    def downloads(self) -> list[dict]:
        """Copy the build's PDF rulebooks and validation report into the site, so it can be hosted on its own: each
        under its own path in the build (``downloads/validation/report.html``), with the reports of the other modes
        the validation report links to, so that its links work in the site as they do in the build."""
        from pnpforge.report.validation import linked_reports  # noqa: PLC0415 - only when there is a report

        found, keep = [], set()
        downloads = self.site_dir / DOWNLOADS_DIR
        for label, name in DOWNLOADS:
            source = self.out_dir / name
            if source.is_file():
                target = downloads / name
                images.publish(source, target)
                keep.add(target)
                files = [f"{DOWNLOADS_DIR}/{name}"]  # the file linked from the home page, then those it links to
                for href in linked_reports(source) if source.name == "report.html" else []:
                    linked = (source.parent / href).resolve()
                    if linked.is_file() and linked.is_relative_to(source.parent.resolve()):
                        copy = target.parent / linked.relative_to(source.parent.resolve())
                        images.publish(linked, copy)
                        keep.add(copy)
                        files.append(copy.relative_to(self.site_dir).as_posix())
                found.append({"label": label, "href": files[0], "size": source.stat().st_size, "files": files})
        images.prune(downloads, keep, "*")
        return found

    def write(self) -> tuple[int, int, list[Finding]]:
        """Render and write every page; return (pages, pages written, findings)."""
        assert self.pack is not None and self.settings is not None and self.figures is not None
        assert self.macros is not None and self.master is not None  # the stages before
        switcher = Switcher(self.pack, self.build_dir, self.lang, self.layouts_dir, self.switcher)
        content = SiteContent(self.pack, self.lang, self.settings, self.figures, self.macros, self.book,
                              self.master, self.layouts_dir, self.site_dir, self.downloads(), switcher)
        return write_site(content, self.fonts)

    # --- together ---------------------------------------------------------------------------------------------
    def build(self, master: RenderResult | None = None, start: str = "load") -> SiteResult:
        """Run the stages from ``start`` (``load``, ``rules``, ``faces`` or ``write``) to the end."""
        started = time.monotonic()
        findings: list[Finding] = []
        stages = ["load", "rules", "faces", "write"]
        if self.pack is None or self.settings is None:
            start = "load" if self.pack is None or not isinstance(self.argument, Pack) else "rules"
        if any(f.blocking for f in self.load_findings):
            start = "load"  # the pack did not load last time: an edit elsewhere must not hide that
        for stage in stages[stages.index(start):]:
            blocked = False
            try:
                if stage == "load":
                    if any(f.blocking for f in self.load()):
                        return SiteResult(self.build_dir, seconds=time.monotonic() - started, blocked=True)
                elif stage == "rules":
                    findings += self.rules()
                elif stage == "faces":
                    findings += self.faces(master)
                else:
                    pages, written, found = self.write()
                    findings += found
            except LayoutError as exc:
                findings += exc.findings
                blocked = True  # a layout or a sheet preset that cannot be used
            if blocked or any(f.blocking for f in findings):
                return SiteResult(self.site_dir if self.lang else self.build_dir, findings=findings,
                                  rules_findings=self.rules_findings, seconds=time.monotonic() - started,
                                  blocked=True)
        return SiteResult(self.site_dir, pages, written, self.image_count, self.made, time.monotonic() - started,
                          findings, self.rules_findings)


def build_site(pack: Pack | str, build_dir: Path, lang: str | None = None, layouts_dir: Path = LAYOUTS_DIR,
               master: RenderResult | None = None, jobs: int | None = None,
               select: Callable[[Face], bool] | None = None, step: Step | None = None,
               paths: BuildPaths | None = None, drawn: DrawnPages | None = None) -> SiteResult:
    """Build a pack's web site into ``<build_dir>/<pack>/web/`` (see the package's docstring). Faces the render
    stage's master does not hold are taken from ``drawn`` (the rulebook's figures) when an earlier stage drew them."""
    builder = SiteBuilder(pack, build_dir, layouts_dir, lang, jobs, select, step, paths=paths, drawn=drawn)
    return builder.build(master, "rules" if isinstance(pack, Pack) else "load")
