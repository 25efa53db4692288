import { expect } from 'chai';
import { nextFreeSlug, slugify } from './tenant-provisioning.service.js';

describe('tenant slugs', () => {
  it('derives lowercase hyphenated slugs without accents or symbols', () => {
    expect(slugify('Acme Bakery')).to.equal('acme-bakery');
    expect(slugify('  Café Zürich & Co. ')).to.equal('cafe-zurich-co');
    expect(slugify('ÅNGSTRÖM---Labs__2')).to.equal('angstrom-labs-2');
  });

  it('never returns an empty slug', () => {
    expect(slugify('***')).to.equal('company');
    expect(slugify('北京')).to.equal('company');
  });

  it('caps derived slugs at 48 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(47)} b`);
    expect(slug).to.equal('a'.repeat(47));
    expect(slugify('x'.repeat(100))).to.have.length(48);
  });

  it('picks the first free numeric suffix', () => {
    expect(nextFreeSlug('acme', [])).to.equal('acme');
    expect(nextFreeSlug('acme', ['acme'])).to.equal('acme-2');
    expect(nextFreeSlug('acme', ['acme', 'acme-2', 'acme-4'])).to.equal('acme-3');
  });
});
