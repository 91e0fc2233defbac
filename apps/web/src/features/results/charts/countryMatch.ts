/**
 * Matches the results' space values (country names: WHO's official names, or the English CLDR names our
 * WHO import writes, e.g. "Congo - Kinshasa", "Bosnia & Herzegovina"; or ISO3 codes) to the country shapes of
 * world-atlas 2 (Natural Earth 110m, whose names are short forms such as "Dem. Rep. Congo").
 *
 * How: every shape has its ISO3 code and the WHO names that differ from its own; a value is normalised
 * (accents, case, punctuation dropped) and looked up among shape names, ISO3 codes and those WHO names,
 * then once more without a parenthesised part ("Bolivia (Plurinational State of)" -> "Bolivia").
 * Small states the 110m map does not draw (Malta, Singapore, most island states) stay unmatched and are
 * listed under the map.
 */

/** world-atlas shape name -> [ISO3, other names WHO and common sources use]. */
export const ATLAS_COUNTRIES: Record<string, readonly string[]> = {
  Fiji: ['FJI'], Tanzania: ['TZA', 'United Republic of Tanzania'], 'W. Sahara': ['ESH', 'Western Sahara'],
  Canada: ['CAN'], 'United States of America': ['USA', 'United States'], Kazakhstan: ['KAZ'], Uzbekistan: ['UZB'],
  'Papua New Guinea': ['PNG'], Indonesia: ['IDN'], Argentina: ['ARG'], Chile: ['CHL'],
  'Dem. Rep. Congo': ['COD', 'Democratic Republic of the Congo', 'Congo, Democratic Republic of the', 'Congo - Kinshasa'],
  Somalia: ['SOM'], Kenya: ['KEN'], Sudan: ['SDN', 'SDF', 'Sudan (former)'], Chad: ['TCD'], Haiti: ['HTI'],
  'Dominican Rep.': ['DOM', 'Dominican Republic'], Russia: ['RUS', 'Russian Federation'], Bahamas: ['BHS'],
  'Falkland Is.': ['FLK', 'Falkland Islands (Malvinas)', 'Falkland Islands'], Norway: ['NOR'], Greenland: ['GRL'],
  'Fr. S. Antarctic Lands': ['ATF', 'French Southern Territories'], 'Timor-Leste': ['TLS', 'East Timor'],
  'South Africa': ['ZAF'], Lesotho: ['LSO'], Mexico: ['MEX'], Uruguay: ['URY'], Brazil: ['BRA'],
  Bolivia: ['BOL', 'Bolivia (Plurinational State of)'], Peru: ['PER'], Colombia: ['COL'], Panama: ['PAN'],
  'Costa Rica': ['CRI'], Nicaragua: ['NIC'], Honduras: ['HND'], 'El Salvador': ['SLV'], Guatemala: ['GTM'],
  Belize: ['BLZ'], Venezuela: ['VEN', 'Venezuela (Bolivarian Republic of)'], Guyana: ['GUY'], Suriname: ['SUR'],
  France: ['FRA'], Ecuador: ['ECU'], 'Puerto Rico': ['PRI'], Jamaica: ['JAM'], Cuba: ['CUB'], Zimbabwe: ['ZWE'],
  Botswana: ['BWA'], Namibia: ['NAM'], Senegal: ['SEN'], Mali: ['MLI'], Mauritania: ['MRT'], Benin: ['BEN'],
  Niger: ['NER'], Nigeria: ['NGA'], Cameroon: ['CMR'], Togo: ['TGO'], Ghana: ['GHA'],
  "Côte d'Ivoire": ['CIV', 'Ivory Coast'], Guinea: ['GIN'], 'Guinea-Bissau': ['GNB'], Liberia: ['LBR'],
  'Sierra Leone': ['SLE'], 'Burkina Faso': ['BFA'], 'Central African Rep.': ['CAF', 'Central African Republic'],
  Congo: ['COG', 'Republic of the Congo', 'Congo (Brazzaville)', 'Congo - Brazzaville'], Gabon: ['GAB'],
  'Eq. Guinea': ['GNQ', 'Equatorial Guinea'], Zambia: ['ZMB'], Malawi: ['MWI'], Mozambique: ['MOZ'],
  eSwatini: ['SWZ', 'Eswatini', 'Swaziland', 'Kingdom of Eswatini'], Angola: ['AGO'], Burundi: ['BDI'],
  Israel: ['ISR'], Lebanon: ['LBN'], Madagascar: ['MDG'],
  Palestine: ['PSE', 'occupied Palestinian territory', 'occupied Palestinian territory, including east Jerusalem', 'West Bank and Gaza Strip', 'Palestinian Territories'],
  Gambia: ['GMB'], Tunisia: ['TUN'], Algeria: ['DZA'], Jordan: ['JOR'], 'United Arab Emirates': ['ARE'],
  Qatar: ['QAT'], Kuwait: ['KWT'], Iraq: ['IRQ'], Oman: ['OMN'], Vanuatu: ['VUT'], Cambodia: ['KHM'],
  Thailand: ['THA'], Laos: ['LAO', "Lao People's Democratic Republic"], Myanmar: ['MMR'], Vietnam: ['VNM', 'Viet Nam'],
  'North Korea': ['PRK', "Democratic People's Republic of Korea"], 'South Korea': ['KOR', 'Republic of Korea'],
  Mongolia: ['MNG'], India: ['IND'], Bangladesh: ['BGD'], Bhutan: ['BTN'], Nepal: ['NPL'], Pakistan: ['PAK'],
  Afghanistan: ['AFG'], Tajikistan: ['TJK'], Kyrgyzstan: ['KGZ'], Turkmenistan: ['TKM'],
  Iran: ['IRN', 'Iran (Islamic Republic of)'], Syria: ['SYR', 'Syrian Arab Republic'], Armenia: ['ARM'],
  Sweden: ['SWE'], Belarus: ['BLR'], Ukraine: ['UKR'], Poland: ['POL'], Austria: ['AUT'], Hungary: ['HUN'],
  Moldova: ['MDA', 'Republic of Moldova'], Romania: ['ROU'], Lithuania: ['LTU'], Latvia: ['LVA'], Estonia: ['EST'],
  Germany: ['DEU'], Bulgaria: ['BGR'], Greece: ['GRC'], Turkey: ['TUR', 'Türkiye'], Albania: ['ALB'],
  Croatia: ['HRV'], Switzerland: ['CHE'], Luxembourg: ['LUX'], Belgium: ['BEL'],
  Netherlands: ['NLD', 'Netherlands (Kingdom of the)'], Portugal: ['PRT'], Spain: ['ESP'], Ireland: ['IRL'],
  'New Caledonia': ['NCL'], 'Solomon Is.': ['SLB', 'Solomon Islands'], 'New Zealand': ['NZL'], Australia: ['AUS'],
  'Sri Lanka': ['LKA'], China: ['CHN'], Taiwan: ['TWN'], Italy: ['ITA'], Denmark: ['DNK'],
  'United Kingdom': ['GBR', 'United Kingdom of Great Britain and Northern Ireland'], Iceland: ['ISL'],
  Azerbaijan: ['AZE'], Georgia: ['GEO'], Philippines: ['PHL'], Malaysia: ['MYS'], Brunei: ['BRN', 'Brunei Darussalam'],
  Slovenia: ['SVN'], Finland: ['FIN'], Slovakia: ['SVK'], Czechia: ['CZE', 'Czech Republic'], Eritrea: ['ERI'],
  Japan: ['JPN'], Paraguay: ['PRY'], Yemen: ['YEM'], 'Saudi Arabia': ['SAU'], Antarctica: ['ATA'],
  'N. Cyprus': [], Cyprus: ['CYP'], Morocco: ['MAR'], Egypt: ['EGY'], Libya: ['LBY', 'Libyan Arab Jamahiriya'],
  Ethiopia: ['ETH'], Djibouti: ['DJI'], Somaliland: [], Uganda: ['UGA'], Rwanda: ['RWA'],
  'Bosnia and Herz.': ['BIH', 'Bosnia and Herzegovina'],
  Macedonia: ['MKD', 'North Macedonia', 'The former Yugoslav Republic of Macedonia', 'Republic of North Macedonia'],
  Serbia: ['SRB'], Montenegro: ['MNE'], Kosovo: ['XKX'], 'Trinidad and Tobago': ['TTO'], 'S. Sudan': ['SSD', 'South Sudan'],
};

/** Lower case, no accents, punctuation as single spaces: "Côte d'Ivoire" -> "cote d ivoire". */
export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

let index: Map<string, string> | null = null;

function lookupIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const [atlasName, others] of Object.entries(ATLAS_COUNTRIES)) {
    index.set(normalizeCountryName(atlasName), atlasName);
    for (const other of others) index.set(normalizeCountryName(other), atlasName);
  }
  return index;
}

/**
 * The world-atlas shape name of a space value, or null when the 110m map has no such country.
 * @param space a country name as the results hold it (WHO name) or an ISO3 code
 */
export function matchCountry(space: string): string | null {
  const names = lookupIndex();
  const direct = names.get(normalizeCountryName(space));
  if (direct) return direct;
  const withoutParentheses = space.replace(/\s*\([^)]*\)\s*/g, ' ');
  return names.get(normalizeCountryName(withoutParentheses)) ?? null;
}
