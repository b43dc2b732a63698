/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/** Shared helpers of the simulator's contract tests (not a test file: jest matches *.test.ts only). */
import { createSimulator, DEFAULT_ADMIN_TOKEN, type Simulator, type SimulatorOptions } from '../index';

export interface TestServer {
  sim: Simulator;
  url: string;
  /** fetch against the simulator with an optional bearer key. */
  call(path: string, init?: CallInit): Promise<Response>;
  /** fetch an admin endpoint with the admin token. */
  admin(method: string, path: string, body?: unknown): Promise<Response>;
}

export interface CallInit extends Omit<RequestInit, 'body'> {
  key?: string;
  json?: unknown;
  body?: RequestInit['body'];
}

export async function startTestServer(options: SimulatorOptions = {}): Promise<TestServer> {
  const sim = createSimulator(options);
  const url = await sim.start();
  const call = (path: string, init: CallInit = {}): Promise<Response> => {
    const { key, json, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (key !== undefined) merged.set('authorization', `Bearer ${key}`);
    let body = rest.body;
    if (json !== undefined) {
      merged.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    return fetch(url + path, { ...rest, headers: merged, body });
  };
  const admin = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${url}/__admin${path}`, {
      method,
      headers: { 'x-admin-token': options.adminToken ?? DEFAULT_ADMIN_TOKEN, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { sim, url, call, admin };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A controllable time source for the simulator's clock. */
export class FakeTime {
  constructor(public nowMs = Date.parse('2026-01-15T12:00:00.000Z')) {}
  readonly source = (): number => this.nowMs;
  advance(ms: number): void {
    this.nowMs += ms;
  }
}
