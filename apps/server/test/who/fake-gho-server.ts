import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WHO GHO OData API (https://ghoapi.azureedge.net/api) that answers in its
 * documented shape, quirks included: `@odata.nextLink` paging, null NumericValue with a display string,
 * SpatialDimType REGION / WORLDBANKINCOMEGROUP / GLOBAL rows, dimension values prefixed with their type
 * (SEX_FMLE), periods ("2010-2015"), several rows for one year, a 429 then success, and 500s.
 */
export interface FakeGhoServer {
  baseUrl: string;
  /** Paths requested, in order (query included). */
  requests: string[];
  close(): Promise<void>;
}

const fact = (over: Record<string, unknown>) => ({
  Id: Math.floor(Math.random() * 1e9),
  IndicatorCode: 'LIFE',
  SpatialDimType: 'COUNTRY',
  SpatialDim: 'FRA',
  ParentLocationCode: 'EUR',
  TimeDimType: 'YEAR',
  TimeDim: 2000,
  Dim1Type: null,
  Dim1: null,
  Dim2Type: null,
  Dim2: null,
  Dim3Type: null,
  Dim3: null,
  DataSourceDimType: null,
  DataSourceDim: null,
  Value: '1',
  NumericValue: 1,
  Low: null,
  High: null,
  Comments: null,
  Date: '2018-01-01T00:00:00+01:00',
  TimeDimensionValue: '2000',
  TimeDimensionBegin: '2000-01-01T00:00:00+01:00',
  TimeDimensionEnd: '2000-12-31T00:00:00+01:00',
  ...over,
});

export async function startFakeGhoServer(): Promise<FakeGhoServer> {
  const requests: string[] = [];
  const failuresLeft = new Map<string, number[]>([
    ['/api/LIFE', [429]],
    ['/api/BEDS', [500, 503]],
  ]);
  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = url.pathname + url.search;
    requests.push(key);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const pending = failuresLeft.get(key);
    if (pending && pending.length > 0) {
      const status = pending.shift() as number;
      return send(status, { error: 'try later' }, status === 429 ? { 'retry-after': '0' } : {});
    }
    const context = { '@odata.context': `${baseUrl}/$metadata#x` };
    switch (key) {
      case '/api/Indicator':
        return send(200, {
          ...context,
          value: [{ IndicatorCode: 'LIFE', IndicatorName: 'Life expectancy at birth (years)', Language: 'EN' }],
          '@odata.nextLink': `${baseUrl}/Indicator?$skip=1`,
        });
      case '/api/Indicator?$skip=1':
        return send(200, { ...context, value: [{ IndicatorCode: 'BEDS', IndicatorName: 'Hospital beds (per 10 000 population)', Language: 'EN' }] });
      case '/api/DIMENSION/COUNTRY/DimensionValues':
        return send(200, {
          ...context,
          value: [
            { Code: 'FRA', Title: 'France', ParentDimension: 'REGION', Dimension: 'COUNTRY', ParentCode: 'EUR', ParentTitle: 'Europe' },
            { Code: 'BRA', Title: 'Brazil', ParentDimension: 'REGION', Dimension: 'COUNTRY', ParentCode: 'AMR', ParentTitle: 'Americas' },
          ],
        });
      case '/api/LIFE':
        return send(200, {
          ...context,
          value: [
            fact({ Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 79, Value: '79.0 [78.0-80.0]', Low: 78, High: 80 }),
            fact({ Dim1Type: 'SEX', Dim1: 'SEX_FMLE', NumericValue: 83, Value: '83.0' }),
            fact({ SpatialDimType: 'REGION', SpatialDim: 'EUR', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 76 }),
            fact({ SpatialDimType: 'WORLDBANKINCOMEGROUP', SpatialDim: 'WB_HI', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 78 }),
          ],
          '@odata.nextLink': `${baseUrl}/LIFE?$skip=4`,
        });
      case '/api/LIFE?$skip=4':
        return send(200, {
          ...context,
          value: [
            fact({ SpatialDim: 'BRA', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 70 }),
            fact({ SpatialDim: 'BRA', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 72 }),
            fact({ SpatialDim: 'BRA', TimeDim: 2001, TimeDimensionValue: '2001', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: null, Value: 'No data' }),
            fact({ SpatialDimType: 'GLOBAL', SpatialDim: 'GLOBAL', Dim1Type: 'SEX', Dim1: 'SEX_BTSX', NumericValue: 67 }),
          ],
        });
      case '/api/BEDS':
        return send(200, {
          ...context,
          value: [
            fact({ IndicatorCode: 'BEDS', TimeDim: null, TimeDimType: 'YEAR', TimeDimensionValue: '2010-2015', NumericValue: 60, Value: '60' }),
            fact({ IndicatorCode: 'BEDS', SpatialDim: 'BRA', TimeDim: 2012, TimeDimensionValue: '2012', NumericValue: 23 }),
          ],
        });
      default:
        return send(404, { error: { code: '404', message: 'Not found' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return {
    baseUrl,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
