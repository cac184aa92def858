/**
 * The named workflow of platform/workflow.ts: steps run in the order registered; when a step fails,
 * the steps completed before it are undone, last first, and the failure is thrown.
 */
import { describe, expect, it } from 'vitest';
import { Workflow, type WorkflowStep, WorkflowStepError } from '../src/platform/workflow.ts';

type Log = string[];
const step = (name: string, fail?: 'run' | 'undo'): WorkflowStep<Log> => ({
  name,
  owner: 'test',
  run: async (log) => {
    log.push(`run ${name}`);
    if (fail === 'run') throw new Error(`${name} failed`);
  },
  undo: async (log) => {
    log.push(`undo ${name}`);
    if (fail === 'undo') throw new Error(`${name} undo failed`);
  },
});

describe('Workflow', () => {
  it('runs the steps in the order they were registered, and undoes none when all succeed', async () => {
    const w = new Workflow<Log>('w').register(step('a'), step('b')).register(step('c'));
    expect(w.steps.map((s) => s.name)).toEqual(['a', 'b', 'c']);
    const log: Log = [];
    await w.run(log);
    expect(log).toEqual(['run a', 'run b', 'run c']);
  });

  it("undoes the completed steps, last first, when a later step fails (not the failed step's own)", async () => {
    const w = new Workflow<Log>('w').register(step('a'), step('b'), step('c', 'run'), step('d'));
    const log: Log = [];
    await expect(w.run(log)).rejects.toThrow('c failed');
    expect(log).toEqual(['run a', 'run b', 'run c', 'undo b', 'undo a']);
  });

  it('runs every undo even when one fails, and reports both the failure and the failed undo', async () => {
    const w = new Workflow<Log>('w').register(step('a'), step('b', 'undo'), step('c', 'run'));
    const log: Log = [];
    const err = await w.run(log).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkflowStepError);
    const e = err as WorkflowStepError;
    expect(e.step).toBe('c');
    expect((e.cause as Error).message).toBe('c failed');
    expect(e.undoErrors.map((u) => u.step)).toEqual(['b']);
    expect(log).toEqual(['run a', 'run b', 'run c', 'undo b', 'undo a']);
  });

  it('refuses a step name registered twice', () => {
    const w = new Workflow<Log>('w').register(step('a'));
    expect(() => w.register(step('a'))).toThrow(/registered twice/);
  });
});
