import { describe, expect, it } from 'vitest';
import { hasReports, reviewActionsFor } from './review-actions';

describe('reviewActionsFor', () => {
  it('offers approve and disapprove for a lesson awaiting approval', () => {
    expect(reviewActionsFor({ status: 'pending', hidden: false })).toEqual(['approve', 'disapprove']);
  });

  it('offers unpublish for a published lesson, and restore first when reports hid it', () => {
    expect(reviewActionsFor({ status: 'published', hidden: false })).toEqual(['unpublish']);
    expect(reviewActionsFor({ status: 'published', hidden: true })).toEqual(['restore', 'unpublish']);
  });

  it('offers nothing for drafts and disapproved lessons', () => {
    expect(reviewActionsFor({ status: 'draft', hidden: false })).toEqual([]);
    expect(reviewActionsFor({ status: 'disapproved', hidden: false })).toEqual([]);
  });
});

describe('hasReports', () => {
  it('offers the reports of a published lesson someone reported, hidden or not', () => {
    expect(hasReports({ status: 'published', abuse: 1 })).toBe(true);
    expect(hasReports({ status: 'published', abuse: 0 })).toBe(false);
    expect(hasReports({ status: 'disapproved', abuse: 2 })).toBe(false);
  });
});
