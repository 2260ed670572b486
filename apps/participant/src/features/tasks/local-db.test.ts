// @vitest-environment happy-dom
import { getMyTask, listMyTasks } from '@trialpath/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { MY_TASK_READ } from './local-db';
import { fakeServer, json, myTask, TASK_ID, taskList, taskResponse } from './test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('task reads', () => {
  it("name the task page's read by the contract's id", () => {
    expect(MY_TASK_READ.id).toBe(getMyTask.id);
  });

  it('are dropped when another participant signs in (no tasks of the one before are shown)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        'GET /api/v1/participant/tasks?scope=today': json(200, taskList([myTask()])),
        [`GET /api/v1/participant/tasks/${TASK_ID}`]: json(200, taskResponse()),
      }).fetch,
    );
    session.set(demoSession);
    const today = { query: { scope: 'today' as const } };
    const one = { params: { taskId: TASK_ID } };
    await Promise.all([queries.reload(listMyTasks, today), queries.reload(getMyTask, one)]);
    expect(queries.get(listMyTasks, today).status).toBe('success');
    expect(queries.get(getMyTask, one).status).toBe('success');

    session.set({ ...demoSession, pid: 'p-2', participantId: 'DEMO-US001-0002' });
    expect(queries.get(listMyTasks, today).status).toBe('loading');
    expect(queries.get(getMyTask, one).status).toBe('loading');
  });
});
