-- The console page a single sign-on was started from (a signed-out link such as /staff/applicants?status=…), checked
-- by safeStaffReturnTo() when stored: the callback sends the browser back there once signed in.
ALTER TABLE staff_sso_flows ADD COLUMN return_to text NOT NULL DEFAULT '/staff';
