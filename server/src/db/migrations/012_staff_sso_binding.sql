-- A staff account's single sign-on identity: the provider (an OpenID issuer or a SAML IdP's entity id) and its
-- stable id of the person (OIDC `sub`, SAML persistent NameID or eduPersonPrincipalName). Bound at the account's
-- first SSO sign-in (when the provider's email matches the invited account) and matched on afterwards, never on the
-- email again: an email can change hands at a provider (OIDC Core §5.7). An admin may reset it (the next SSO sign-in
-- binds anew).
ALTER TABLE staff_accounts ADD COLUMN sso_issuer text;
ALTER TABLE staff_accounts ADD COLUMN sso_subject text;
ALTER TABLE staff_accounts ADD COLUMN sso_bound_at timestamptz;
CREATE UNIQUE INDEX staff_accounts_sso_identity ON staff_accounts (sso_issuer, sso_subject);
