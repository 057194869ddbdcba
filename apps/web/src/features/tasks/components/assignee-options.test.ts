import { describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { assigneeOptions } from './assignee-options';

describe('assigneeOptions', () => {
  const owner = makeMember({ id: 1, name: 'Ana', role: 'owner' });
  const student = makeMember({ id: 2, name: 'Beto', role: 'member' });
  const staffMember = makeMember({ id: 3, name: 'Tom', role: 'member', is_team_worker: false });
  const staffViewer = makeMember({ id: 4, name: 'Tess', role: 'viewer' });
  const members = [owner, student, staffMember, staffViewer];

  it('offers the team first, staff in a working role apart, and never a viewer', () => {
    expect(assigneeOptions(members, [])).toEqual([
      {
        group: 'team',
        items: [
          { value: '1', label: 'Ana' },
          { value: '2', label: 'Beto' },
        ],
      },
      { group: 'staff', items: [{ value: '3', label: 'Tom' }] },
    ]);
  });

  it('keeps a viewer who is already assigned, so the name shows and can be removed', () => {
    expect(assigneeOptions(members, [4]).at(-1)).toEqual({
      group: 'assigned',
      items: [{ value: '4', label: 'Tess' }],
    });
  });
});
