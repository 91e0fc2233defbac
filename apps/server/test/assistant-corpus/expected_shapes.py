"""
Expected answers of the corpus questions that answer with a list or a single value: rankings of several
countries, coverage by year, breakdowns by sex or area of residence, one country's value, the chosen indicators.
Computed with the csv module and plain Python from the WHO CSV exports, independently of the analyst; expected.py
calls it. The data rules are the catalog's (README "WHO data", expected.py's docstring), plus:
- an indicator's breakdown is its values for each SEX (FMLE, MLE, BTSX) or RESIDENCEAREATYPE (URB, RUR, TOTL),
  kept on the country-years that have a value of some chosen indicator on its default dimension (the rows of the
  chosen data);
- "several countries" ranks countries by value, highest first (lowest for "bottom"); equal values are reported
  together so the order among them does not matter;
- coverage by year counts the countries with a value in each year (for every chosen indicator at once, the
  country-indicator values), best covered first, equal counts the later year first;
- the list of indicators "by sex" holds those whose country rows have two or more SEX values;
- "which year had the highest ..." ranks the years by the mean over the countries with a value (equal means: the
  later year first).
"""
import csv
import os
from collections import defaultdict


def source_rows(who_dir, code):
    """The rows of an indicator's WHO CSV export, as dicts."""
    with open(os.path.join(who_dir, 'source', f'{code}.csv'), newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


def row_point(r):
    """(iso3, year, value) of a row, or None when it has no country or no numeric value; a "2010-2014" year counts as
    its end, and a range that ends before it starts is dropped."""
    country = (r.get('COUNTRY') or '').strip()
    text = (r.get('Numeric') or '').strip()
    if not country or text == '':
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    year_text = r['YEAR'].strip()
    if '-' in year_text:
        start, end = year_text.split('-')
        if int(end) < int(start):
            return None
        return country, int(end), value
    return country, int(year_text), value


def read_parts(who_dir, code, dimension):
    """{value: {(iso3, year): value}} for one dimension (SEX or RESIDENCEAREATYPE) of an indicator."""
    groups = defaultdict(list)
    for r in source_rows(who_dir, code):
        part = (r.get(dimension) or '').strip()
        point = row_point(r)
        if not part or point is None:
            continue
        country, year, value = point
        groups[(part, country, year)].append(value)
    out = defaultdict(dict)
    for (part, country, year), values in groups.items():
        out[part][(country, year)] = sum(values) / len(values)
    return out


def mean(values):
    return sum(values) / len(values) if values else None


def column_values(ctx, code, dimension=None):
    """{(iso3, year): value} of an indicator, on its default dimension or on one part ("SEX_FMLE")."""
    if not dimension:
        return ctx['data'][code]
    kind, value = dimension.split('_', 1)
    parts = read_parts(ctx['who_dir'], code, kind)[value]
    return {k: v for k, v in parts.items() if k in ctx['rows']}


def inside(ctx, scope):
    if scope['kind'] == 'world':
        return lambda c: True
    if scope['kind'] == 'region':
        return lambda c: ctx['region_of'].get(c) == scope['name']
    return lambda c: c == scope['code']


def ranking_list(ctx, e):
    values = column_values(ctx, e['indicator'], e.get('dimension'))
    year = e.get('year')
    if year is None:
        year = max(y for (_, y) in values)
    by_value = sorted(((v, c) for (c, y), v in values.items() if y == year), key=lambda t: -t[0] if e['order'] == 'top' else t[0])
    wanted = e.get('limit') or e.get('top', 1)
    items = []
    for v, _ in by_value[:wanted]:
        items.append({'value': v, 'codes': sorted(c for w, c in by_value if w == v)})
    return {'year': year, 'groups': len(by_value), 'items': items, 'first': items[0]['codes'][0], 'firstMean': items[0]['value']}


def coverage(ctx, e):
    codes = [e['indicator']] if e.get('indicator') else ctx['codes']
    per_year = defaultdict(int)
    for code in codes:
        for (_, y) in ctx['data'][code]:
            per_year[y] += 1
    years = sorted(per_year.items(), key=lambda t: (-t[1], -t[0]))
    return {'years': [[y, n] for y, n in years], 'best': years[0][0], 'bestPlaces': years[0][1]}


def breakdown(ctx, e):
    keep = inside(ctx, e['scope'])
    means, counts = {}, {}
    for value in e['values']:
        values = column_values(ctx, e['indicator'], f"{e['type']}_{value}")
        picked = [v for (c, y), v in values.items() if y == e['year'] and keep(c)]
        means[value] = mean(picked)
        counts[value] = len(picked)
    return {'year': e['year'], 'means': means, 'n': counts}


def single_value(ctx, e):
    values = column_values(ctx, e['indicator'], e.get('dimension'))
    own = {y: v for (c, y), v in values.items() if c == e['place']}
    year = e.get('year') or max(own)
    return {'year': year, 'value': own[year]}


def has_parts(ctx, code, dimension):
    """Whether an indicator's country rows have two or more values of a dimension (SEX, RESIDENCEAREATYPE)."""
    with open(os.path.join(ctx['who_dir'], 'source', f'{code}.csv'), newline='', encoding='utf-8') as f:
        values = {(r.get(dimension) or '').strip() for r in csv.DictReader(f) if (r.get('COUNTRY') or '').strip() and (r.get('Numeric') or '').strip()}
    return len(values - {''}) > 1


def indicator_list(ctx, e):
    year = e.get('year')
    items = {}
    for code in ctx['codes']:
        if e.get('breakdown') and not has_parts(ctx, code, e['breakdown']):
            continue
        places = {c for (c, y) in ctx['data'][code] if year is None or y == year}
        if places:
            items[code] = len(places)
    return {'total': len(ctx['codes']), 'items': items}


def year_ranking(ctx, e):
    keep = inside(ctx, e['scope'])
    per_year = defaultdict(list)
    for (c, y), v in ctx['data'][e['indicator']].items():
        if keep(c):
            per_year[y].append(v)
    means = [(y, mean(vs), len(vs)) for y, vs in per_year.items()]
    sign = -1 if e['order'] == 'top' else 1
    means.sort(key=lambda t: (sign * t[1], -t[0]))
    return {'first': means[0][0], 'firstMean': means[0][1], 'firstN': means[0][2], 'last': means[-1][0], 'lastMean': means[-1][1], 'years': len(means)}


def expected_shape(ctx, q):
    """The expected answer of a question of one of these shapes, or None for the other kinds."""
    kind = q['expect']['kind']
    e = q['expect']
    if kind == 'ranking' and (e.get('top', 1) > 1 or e.get('limit') or e.get('dimension')):
        return ranking_list(ctx, e)
    if kind == 'coverage':
        return coverage(ctx, e)
    if kind == 'breakdown':
        return breakdown(ctx, e)
    if kind == 'value':
        return single_value(ctx, e)
    if kind == 'indicators':
        return indicator_list(ctx, e)
    if kind == 'year-ranking':
        return year_ranking(ctx, e)
    return None
