"""Rebuild the broken fixture packs under tests/data/ from the good one, lantern-market.

Run from the repository root after changing lantern-market: ``.venv/bin/python tests/build_broken_fixtures.py``.
Each broken pack is a copy with one defect, named for the case; tests/content/test_errors.py pins its message.
"""
import pathlib
import shutil

DATA = pathlib.Path(__file__).resolve().parent / 'data'
base = DATA / 'lantern-market'


def make(name, edit):
    d = DATA / name
    if d.exists():
        shutil.rmtree(d)
    shutil.copytree(base, d)
    edit(d)


def sub(d, file, old, new, count=1):
    p = d/file
    s = p.read_text()
    assert old in s, (file, old)
    p.write_text(s.replace(old, new, count))


make('broken-syntax-error', lambda d: sub(d,'stalls.yaml','  rent: 2','  rent: [2'))
make('broken-tab-indent',
     lambda d: sub(d,'stalls.yaml','  name: {en: Fountain Stall','\tname: {en: Fountain Stall'))
make('broken-duplicate-key', lambda d: sub(d,'stalls.yaml','  rent: 2\n','  rent: 2\n  rent: 3\n'))
make('broken-duplicate-id', lambda d: sub(d,'stalls.yaml','- id: bridge-stall','- id: corner-stall'))
make('broken-wrong-type', lambda d: sub(d,'merchants.yaml','  price: 4','  price: four'))
make('broken-out-of-bounds', lambda d: sub(d,'merchants.yaml','  price: 4','  price: 12'))
make('broken-huge-number', lambda d: sub(d,'merchants.yaml','  price: 4','  price: '+'9'*400))
make('broken-negative-count',
     lambda d: sub(d,'merchants.yaml','  qty: 2\n  name: {en: Barrel','  qty: -2\n  name: {en: Barrel'))
make('broken-unknown-key', lambda d: sub(d,'stalls.yaml','  rent: 1\n','  rent: 1\n  colour: red\n'))
make('broken-missing-field',
     lambda d: sub(d,'merchants.yaml','  faction: oil-sellers\n  price: 4\n','  faction: oil-sellers\n'))
make('broken-dangling-ref', lambda d: sub(d,'merchants.yaml','  stall: fountain-stall','  stall: harbour-stall'))
make('broken-unknown-icon', lambda d: sub(d,'merchants.yaml','Pays no :oil: tax.','Pays no :salt: tax.'))
make('broken-missing-translation',
     lambda d: sub(d,'stalls.yaml','  name: {en: Bridge Stall, de: Brückenstand}','  name: {en: Bridge Stall}'))
make('broken-image-escape',
     lambda d: sub(d,'merchants.yaml','  art: art/old-marta.png','  art: ../../elsewhere/marta.png'))
make('broken-missing-art',
     lambda d: sub(d,'merchants.yaml','  art: art/old-marta.png','  art: art/marta-smiling.png'))
make('broken-empty-file', lambda d: (d/'stalls.yaml').write_text(''))
GARBAGE = bytes([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a,0,0,0,0x0d,0x49,0x48,0x44,0x52,0xff,0xfe,0x00,0x10])
make('broken-binary-garbage', lambda d: (d/'stalls.yaml').write_bytes(GARBAGE))


def latin1(d):
    p = d/'stalls.yaml'
    s = p.read_text().replace('Brückenstand','Brückenstand')
    p.write_bytes(s.encode('latin-1'))


make('broken-latin1', latin1)
bomb = ('a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n'
        'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n'
        'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n')
make('broken-alias-bomb', lambda d: (d/'stalls.yaml').write_text('# a billion laughs\n'+bomb))
make('broken-missing-game-yaml', lambda d: (d/'game.yaml').unlink())
make('broken-yaml-tag', lambda d: sub(d,'stalls.yaml','  rent: 2','  rent: !!python/object:os.system 2'))
make('broken-wrong-count', lambda d: (sub(d,'game.yaml','{type: stall, count: 3}','{type: stall, count: 4}'),
                                      sub(d,'game.yaml','\ntypes:\n','\nbox_strict: true\ntypes:\n')))
make('broken-scalar-for-list', lambda d: sub(d,'merchants.yaml','  goods: [oil]','  goods: oil'))
make('broken-repeated-value', lambda d: sub(d,'merchants.yaml','  goods: [wick, glass]','  goods: [wick, wick]'))
