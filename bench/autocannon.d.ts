// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p99: number; total: number; max: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  type Request = { method?: string; path?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Array<{ setupRequest?: (request: Request) => Request }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
