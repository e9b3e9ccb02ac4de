import { describe, expect, it } from 'vitest';
import {
  acceptContractQuestion,
  buildingContractState,
  contractOverrideQuestion,
  ORGANIZATION_NAME_REQUIRED_MESSAGE,
  ORGANIZATION_NAME_TOO_LONG_MESSAGE,
  organizationNameProblem,
} from './contracts';
import { HTML_TAGS_MESSAGE } from './text-rule';

describe('contract words', () => {
  it('asks to accept a contract by the building name, word for word', () => {
    expect(acceptContractQuestion('Tower A')).toBe('Press OK to accept the Tower A Contract.');
  });

  it('names every building whose contract a new organization contract overrides', () => {
    expect(contractOverrideQuestion(['Annex', 'Tower A'])).toContain('Annex, Tower A');
  });
});

describe('organization name', () => {
  it('is required, at most 256 characters, and follows the text rule', () => {
    expect(organizationNameProblem('  ')).toBe(ORGANIZATION_NAME_REQUIRED_MESSAGE);
    expect(organizationNameProblem(undefined)).toBe(ORGANIZATION_NAME_REQUIRED_MESSAGE);
    expect(organizationNameProblem('x'.repeat(257))).toBe(ORGANIZATION_NAME_TOO_LONG_MESSAGE);
    expect(organizationNameProblem('x'.repeat(256))).toBeNull();
    expect(organizationNameProblem('<script>x</script>')).toBe(HTML_TAGS_MESSAGE);
  });
});

describe('building contract state', () => {
  it('is missing without a URL, not accepted with one, accepted once a time is set', () => {
    expect(buildingContractState({ contractUrl: null, contractAcceptedAt: null })).toBe('missing');
    expect(buildingContractState({ contractUrl: '/files/a.pdf', contractAcceptedAt: null })).toBe('not-accepted');
    expect(buildingContractState({ contractUrl: '/files/a.pdf', contractAcceptedAt: '2026-01-01T00:00:00.000Z' })).toBe('accepted');
  });
});
