import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';
import { ScheduleFields } from './ScheduleFields';
import type { ScheduleDraft } from './summary';

function Harness({ initial }: { initial: ScheduleDraft }) {
  const [value, setValue] = useState(initial);
  return <ScheduleFields value={value} onChange={setValue} milestones={[]} milestoneName={(id) => id} />;
}

const base: ScheduleDraft = { id: 's', target: { kind: 'activity', activityId: 'a' }, startDay: 3 };

/** The message a field shows as its description (Mantine links the error with aria-describedby). */
function messageOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the schedule editor checks as it is typed (decision 0044)', () => {
  afterEach(cleanup);

  it('refuses an end day before the start day, with the domain’s message on the end day', async () => {
    await i18n.loadNamespaces('schedules');
    renderApp(<Harness initial={base} />);
    const end = await screen.findByLabelText('End day');
    fireEvent.change(end, { target: { value: '1' } });
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(end)).toContain(
      'The window ends before it starts: the end day must be on or after the start day.',
    );
    expect(screen.getByLabelText('Start day').getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(end, { target: { value: '5' } });
    expect(end.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says a repeat with neither an end day nor a number of times never ends, on the number of times', async () => {
    await i18n.loadNamespaces('schedules');
    renderApp(<Harness initial={base} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Every N days' }));
    const count = screen.getByLabelText('Number of times');
    expect(messageOf(count)).toContain('This repeat never ends: give an end day or a number of times.');
    fireEvent.change(count, { target: { value: '4' } });
    expect(screen.queryByText(/never ends/)).toBeNull();
  });
});
