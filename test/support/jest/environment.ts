// The test environment (jest's Node one) that ends every process group a test file started through
// test/support/children, after the file's own afterAll hooks have run: a test that failed or
// timed out before its `finally` leaves nothing running.
import type { ChildProcess } from 'node:child_process';
import { TestEnvironment } from 'jest-environment-node';
import { endChildren, LIVE_KEY } from '../children';

export default class EndsChildrenEnvironment extends TestEnvironment {
  private readonly children = new Map<ChildProcess, string>();

  override async setup(): Promise<void> {
    await super.setup();
    this.global[LIVE_KEY] = this.children;
  }

  override async teardown(): Promise<void> {
    await endChildren(this.children);
    await super.teardown();
  }
}
