// The part of autocannon 9's API that bench/job-list.ts uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      '2xx': number;
      non2xx: number;
      errors: number;
    }
    interface Options {
      url: string;
      method?: string;
      body?: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
