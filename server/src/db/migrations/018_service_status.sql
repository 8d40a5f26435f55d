-- The operator's word to every applicant (server/src/serviceStatus/): a notice shown on every applicant page, and
-- maintenance mode, in which every change an applicant sends is refused with 503. One row, in the database so that
-- every instance reads the same (each caches it for a few seconds) and no deploy is needed to change it.
CREATE TABLE service_status (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  notice text,
  notice_set_at timestamptz,
  maintenance boolean NOT NULL DEFAULT false,
  maintenance_since timestamptz
);
INSERT INTO service_status DEFAULT VALUES;
