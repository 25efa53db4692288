import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: a tenant's branding (colours and logo, shown before sign-in), a user's public profile
 * card (off until its owner turns it on), and the sales enquiries of the public form.
 *
 * `sales_leads` is the one table without `tenant_id`: an enquiry comes from someone who is not a
 * tenant (yet) and belongs to the platform operator, who alone reads it. The operator's mail about
 * it is the one kind of mail without a tenant, so `mail_outbox.tenant_id` becomes nullable, for
 * that template only.
 */
export class BrandingProfilesLeads1764700001000 implements MigrationInterface {
  name = 'BrandingProfilesLeads1764700001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tenant_branding (
        tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
        primary_color text CHECK (primary_color ~ '^#[0-9A-F]{6}$'),
        accent_color text CHECK (accent_color ~ '^#[0-9A-F]{6}$'),
        logo_key text,
        logo_media_type text CHECK (logo_media_type IN ('image/png','image/jpeg','image/svg+xml')),
        logo_sha256 text,
        logo_bytes integer,
        logo_uploaded_at timestamptz,
        updated_at timestamptz NOT NULL,
        CHECK ((logo_key IS NULL) = (logo_media_type IS NULL) AND (logo_key IS NULL) = (logo_sha256 IS NULL)
           AND (logo_key IS NULL) = (logo_bytes IS NULL) AND (logo_key IS NULL) = (logo_uploaded_at IS NULL))
      )`);

    await q.query(`
      CREATE TABLE user_public_profiles (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        public_id text NOT NULL,
        enabled boolean NOT NULL DEFAULT false,
        outlet_id uuid REFERENCES outlets(id) ON DELETE SET NULL,
        photo_key text,
        photo_media_type text CHECK (photo_media_type IN ('image/png','image/jpeg')),
        photo_sha256 text,
        photo_bytes integer,
        photo_uploaded_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK ((photo_key IS NULL) = (photo_media_type IS NULL) AND (photo_key IS NULL) = (photo_sha256 IS NULL)
           AND (photo_key IS NULL) = (photo_bytes IS NULL) AND (photo_key IS NULL) = (photo_uploaded_at IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX user_public_profiles_public_id_key ON user_public_profiles (public_id)`);
    await q.query(`CREATE INDEX user_public_profiles_tenant_idx ON user_public_profiles (tenant_id, user_id)`);

    await q.query(`
      CREATE TABLE sales_leads (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        company text NOT NULL,
        message text,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sales_leads_created_idx ON sales_leads (created_at, id)`);

    await q.query(`ALTER TABLE mail_outbox ALTER COLUMN tenant_id DROP NOT NULL`);
    await q.query(`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_operator_mail_check CHECK (tenant_id IS NOT NULL OR template = 'sales_lead')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_operator_mail_check`);
    await q.query(`DELETE FROM mail_outbox WHERE tenant_id IS NULL`);
    await q.query(`ALTER TABLE mail_outbox ALTER COLUMN tenant_id SET NOT NULL`);
    for (const t of ['sales_leads', 'user_public_profiles', 'tenant_branding']) await q.query(`DROP TABLE ${t}`);
  }
}
