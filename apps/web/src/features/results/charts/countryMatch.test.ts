import topology from 'world-atlas/countries-110m.json';
import { ATLAS_COUNTRIES, matchCountry, normalizeCountryName } from './countryMatch.ts';

const atlasNames = (topology as unknown as { objects: { countries: { geometries: { properties: { name: string } }[] } } }).objects.countries.geometries.map(
  (g) => g.properties.name,
);

describe('country matching for the world map', () => {
  it('knows every shape of world-atlas 110m and nothing else', () => {
    expect(Object.keys(ATLAS_COUNTRIES).sort()).toEqual([...atlasNames].sort());
  });

  it('matches WHO official names, short names and ISO3 codes', () => {
    expect(matchCountry('Bolivia (Plurinational State of)')).toBe('Bolivia');
    expect(matchCountry('United Republic of Tanzania')).toBe('Tanzania');
    expect(matchCountry('Democratic Republic of the Congo')).toBe('Dem. Rep. Congo');
    expect(matchCountry('Congo')).toBe('Congo');
    expect(matchCountry("Côte d'Ivoire")).toBe("Côte d'Ivoire");
    expect(matchCountry("Cote d'Ivoire")).toBe("Côte d'Ivoire");
    expect(matchCountry('Viet Nam')).toBe('Vietnam');
    expect(matchCountry('Russian Federation')).toBe('Russia');
    expect(matchCountry('United Kingdom of Great Britain and Northern Ireland')).toBe('United Kingdom');
    expect(matchCountry("Democratic People's Republic of Korea")).toBe('North Korea');
    expect(matchCountry('Republic of Korea')).toBe('South Korea');
    expect(matchCountry('Micronesia (Federated States of)')).toBeNull();
    expect(matchCountry('BRA')).toBe('Brazil');
    expect(matchCountry('Brazil')).toBe('Brazil');
  });

  it("matches the English CLDR names the WHO import writes (Intl.DisplayNames)", () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const expected: Record<string, string> = {
      CD: 'Dem. Rep. Congo', CG: 'Congo', BA: 'Bosnia and Herz.', TT: 'Trinidad and Tobago', CI: "Côte d'Ivoire", MM: 'Myanmar',
      PS: 'Palestine', TR: 'Turkey', SZ: 'eSwatini', MK: 'Macedonia', US: 'United States of America', KR: 'South Korea',
      KP: 'North Korea', LA: 'Laos', CZ: 'Czechia', CF: 'Central African Rep.', SS: 'S. Sudan', GQ: 'Eq. Guinea', BN: 'Brunei',
    };
    for (const [iso2, atlasName] of Object.entries(expected)) expect(matchCountry(names.of(iso2)!), iso2).toBe(atlasName);
  });

  it('leaves small states the 110m map does not draw unmatched', () => {
    expect(matchCountry('Malta')).toBeNull();
    expect(matchCountry('Singapore')).toBeNull();
  });

  it('normalises accents, case and punctuation', () => {
    expect(normalizeCountryName("  Côte d'Ivoire ")).toBe('cote d ivoire');
  });
});
