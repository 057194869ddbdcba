import { describe, expect, it } from 'vitest';
import { lessonsUrlParams, parseLessonsUrl } from './lessons-url-state';

describe('parseLessonsUrl', () => {
  it('defaults to the search tab, no filters, page 1', () => {
    expect(parseLessonsUrl(new URLSearchParams())).toEqual({
      tab: 'search',
      q: '',
      tags: [],
      language: null,
      page: 1,
    });
  });

  it('reads every part of the URL', () => {
    const params = new URLSearchParams('tab=mine&q=merge%20conflicts&tags=git,CI/CD&language=es&page=3');
    expect(parseLessonsUrl(params)).toEqual({
      tab: 'mine',
      q: 'merge conflicts',
      tags: ['git', 'ci/cd'],
      language: 'es',
      page: 3,
    });
  });

  it('falls back to the defaults for malformed values', () => {
    const params = new URLSearchParams('tab=admin&language=fr&page=-2&tags=,%20,Git,git');
    expect(parseLessonsUrl(params)).toMatchObject({ tab: 'search', language: null, page: 1, tags: ['git'] });
    expect(parseLessonsUrl(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseLessonsUrl(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseLessonsUrl(new URLSearchParams('page=5000')).page).toBe(1);
  });
});

describe('lessonsUrlParams', () => {
  it('leaves the defaults out of the URL', () => {
    expect(lessonsUrlParams(parseLessonsUrl(new URLSearchParams())).toString()).toBe('');
  });

  it('round-trips through parseLessonsUrl', () => {
    const state = { tab: 'project', q: 'ramas', tags: ['git', 'c++'], language: 'en', page: 2 } as const;
    const params = lessonsUrlParams({ ...state, tags: [...state.tags] });
    expect(parseLessonsUrl(new URLSearchParams(params.toString()))).toEqual(state);
  });
});
