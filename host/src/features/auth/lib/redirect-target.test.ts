import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns the remembered page with its query and hash', () => {
    expect(redirectTarget({ from: { pathname: '/details/42', search: '?q=1', hash: '#top' } })).toBe(
      '/details/42?q=1#top',
    );
  });

  it('falls back to / without a remembered page', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget('junk')).toBe('/');
  });

  it('never returns to an auth form or leaves the site', () => {
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/forgot' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '//evil.example/x' } })).toBe('/');
  });

  it('reads the page a server redirect remembered in ?from=', () => {
    expect(redirectTarget(null, '?from=%2Fdetails%2F42%3Fq%3D1')).toBe('/details/42?q=1');
    expect(redirectTarget(null, '?from=https%3A%2F%2Fevil.example%2F')).toBe('/');
    expect(redirectTarget(null, '?from=%2F%2Fevil.example%2Fx')).toBe('/');
    expect(redirectTarget(null, '?from=%2Flogin')).toBe('/');
  });
});
