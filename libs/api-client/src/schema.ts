/**
 * Generated from the API's OpenAPI document by `npm run generate -w @wfm/api-client`; do not edit.
 * A test (schema-drift.int.spec.ts) fails when the document and this file part.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dependency status */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The hot path: GRANT or DENY for a credential presented at a reader. Served by the access daemon (on its own port, or through this base URL). Every decision is 200; a replay within 2 s repeats it with replay: true */
        post: operations["postAccessVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/reader-heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A reader bridge reports in (about every 5 minutes); the reader is created on its first heartbeat and offline after 15 minutes of silence. Served by the access daemon */
        post: operations["postAccessReaderHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with an email address or mobile number and a password */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token for a new token pair (the presented token is used up) */
        post: operations["postAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session a refresh token belongs to; succeeds even if it has already ended */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a company on the FREE plan with its owner, and mail the owner a link to verify the address; the owner signs in through that link */
        post: operations["postAuthSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the email address of a new company owner with the mailed token, and sign in */
        post: operations["postAuthVerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password-reset link; the answer is the same whether or not the account exists */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset token; ends every session of the user */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invite/{code}/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose a password with an invite code and sign in */
        post: operations["postAuthInviteByCodeRedeem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's tenant: plan, switches and the features the plan includes */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the tenant's name, time zone or Public Developer API switch */
        patch: operations["patchTenant"];
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List live users, oldest first (an OUTLET_MANAGER sees themselves and the people of their outlets); page by raising offset until fewer than limit rows come back */
        get: operations["getUsers"];
        put?: never;
        /** Create a user; one with an email and no password is sent an invite */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/bulk-import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 500 users at once, all or none; fires no user.created */
        post: operations["postUsersBulkImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user; anyone may read themselves, an OUTLET_MANAGER also the people of their outlets */
        get: operations["getUsersById"];
        put?: never;
        post?: never;
        /** Remove a user (soft delete); ends their sessions and fires user.terminated */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        /** Change name, email, mobile, role or employee code */
        patch: operations["patchUsersById"];
        trace?: never;
    };
    "/users/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Activate or deactivate a user; deactivation ends their sessions at once */
        patch: operations["patchUsersByIdStatus"];
        trace?: never;
    };
    "/users/{id}/outlets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The outlets a user looks after (what an OUTLET_MANAGER sees of access control) */
        get: operations["getUsersByIdOutlets"];
        /** Replace the outlets a user looks after */
        put: operations["putUsersByIdOutlets"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outlets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every outlet of the tenant in one array, by name; optionally only one status */
        get: operations["getOutlets"];
        put?: never;
        /** Create an outlet */
        post: operations["postOutlets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outlets/bulk-import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 500 outlets at once, all or none */
        post: operations["postOutletsBulkImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outlets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an outlet's name, code, city, address or status */
        patch: operations["patchOutletsById"];
        trace?: never;
    };
    "/shift-assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List shifts by scheduledStart; managers see the tenant, an OUTLET_MANAGER the shifts at their outlets and their own, everyone else only their own */
        get: operations["getShiftAssignments"];
        put?: never;
        /** Assign a shift (published, or a PROPOSED draft); fires shift.assigned */
        post: operations["postShiftAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-assignments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Reschedule, move, retype, annotate or change the status of a shift; fires nothing */
        patch: operations["patchShiftAssignmentsById"];
        trace?: never;
    };
    "/public/shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List shifts by scheduledStart; from/to select scheduledStart in [from, to) */
        get: operations["getPublicShifts"];
        put?: never;
        /** Create one published shift; fires shift.assigned */
        post: operations["postPublicShifts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a roster: many assignments at one outlet, all or none; fires shift.assigned for each. With roster approval on they are PROPOSED drafts awaiting an approver (202), and still fire */
        post: operations["postSchedulerAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/clone-week": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy an outlet's week of shifts to another week at the same local times; fires nothing. People no longer active are skipped and listed */
        post: operations["postSchedulerCloneWeek"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/rosters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List rosters, newest first; an OUTLET_MANAGER sees those of their outlets */
        get: operations["getSchedulerRosters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/rosters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One roster with its assignments */
        get: operations["getSchedulerRostersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/rosters/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a roster awaiting approval: its PROPOSED assignments become SCHEDULED; fires nothing. Not by the roster's publisher */
        post: operations["postSchedulerRostersByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/rosters/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a roster awaiting approval: its PROPOSED assignments are CANCELLED; fires nothing. Not by the roster's publisher */
        post: operations["postSchedulerRostersByIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-assignments/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Release a SCHEDULED shift that has not started to the open-shifts marketplace: the assignment is cancelled; fires shift.released */
        post: operations["postShiftAssignmentsByIdRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-shifts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open shifts not yet started. Staff see those they may claim: at one of their outlets, overlapping no shift of theirs, on no day of approved leave. Managers see all of their scope */
        get: operations["getOpenShifts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-shifts/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim an open shift: the first claim wins and becomes a SCHEDULED assignment of the caller; fires shift.claimed */
        post: operations["postOpenShiftsByIdClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-shifts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an open shift nobody has claimed; fires nothing */
        delete: operations["deleteOpenShiftsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Swaps, newest first: managers see those of their scope, everyone else those they are part of */
        get: operations["getShiftSwaps"];
        put?: never;
        /** Ask a colleague to swap your SCHEDULED shift for theirs at the same outlet (neither started); they accept, then a manager approves */
        post: operations["postShiftSwaps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The colleague accepts: the swap waits for a manager (PENDING_APPROVAL) */
        post: operations["postShiftSwapsByIdAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The colleague declines (DECLINED) */
        post: operations["postShiftSwapsByIdDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The person who asked withdraws a pending swap (CANCELLED) */
        post: operations["postShiftSwapsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve an accepted swap: the two shifts exchange people; fires nothing */
        post: operations["postShiftSwapsByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shift-swaps/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject an accepted swap; the shifts stay as they are */
        post: operations["postShiftSwapsByIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's policies, oldest first, each with whether the caller acknowledged its current version */
        get: operations["getPolicies"];
        put?: never;
        /** Publish a policy; one requiring acknowledgement blocks clock-in until acknowledged */
        post: operations["postPolicies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a policy; a new body text raises the version, so everyone must acknowledge again */
        patch: operations["patchPoliciesById"];
        trace?: never;
    };
    "/policies/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge the policy's current version as the signed-in user; repeating it changes nothing */
        post: operations["postPoliciesByIdAcknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/clock-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clock in the signed-in worker at an outlet, optionally against one of their SCHEDULED shifts */
        post: operations["postMobileClockIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/clock-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clock out the signed-in worker; an assigned shift becomes COMPLETED and fires shift.completed */
        post: operations["postMobileClockOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List attendance events by clockInAt; managers see the tenant, an OUTLET_MANAGER the events at their outlets and their own, everyone else only their own */
        get: operations["getAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attendance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Approve or reject a closed attendance event */
        patch: operations["patchAttendanceById"];
        trace?: never;
    };
    "/public/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List attendance events by clockInAt; from/to select clockInAt in [from, to) */
        get: operations["getPublicAttendance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/attendance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Approve or reject a closed attendance event (VERIFIED or PENDING_REVIEW); clock-in and clock-out are not offered here */
        patch: operations["patchPublicAttendanceById"];
        trace?: never;
    };
    "/leave-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List leave requests, oldest first; managers see the tenant's, an OUTLET_MANAGER those of the people of their outlets and their own, STAFF their own */
        get: operations["getLeaveRequests"];
        put?: never;
        /** Request leave for yourself; fires leave.requested */
        post: operations["postLeaveRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leave-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One leave request with its decisions */
        get: operations["getLeaveRequestsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leave-requests/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve the current step; the last step approves the request and fires leave.approved */
        post: operations["postLeaveRequestsByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leave-requests/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject the request at its current step, ending the chain; fires leave.rejected */
        post: operations["postLeaveRequestsByIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leave-requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw your own PENDING request; fires nothing */
        post: operations["postLeaveRequestsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leave-approval-chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's leave approval chain (the default is one step by HR_MANAGER or above) */
        get: operations["getLeaveApprovalChain"];
        /** Replace the approval chain (1–5 steps); pending requests continue against the new chain */
        put: operations["putLeaveApprovalChain"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/leave-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List leave requests overlapping [from, to], oldest first */
        get: operations["getPublicLeaveRequests"];
        put?: never;
        /** Submit a leave request for the person in targetUserId; fires leave.requested */
        post: operations["postPublicLeaveRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's developer API keys, revoked ones included, without secrets */
        get: operations["getApiKeys"];
        put?: never;
        /** Create a developer API key; the key is returned once */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a developer API key; it fails from its next request on */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's OAuth clients, revoked ones included, without secrets */
        get: operations["getOauthClients"];
        put?: never;
        /** Register an OAuth client-credentials client; the secret is returned once */
        post: operations["postOauthClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth-clients/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an OAuth client: its tokens fail on their next use and it can no longer get new ones */
        post: operations["postOauthClientsByIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OAuth 2.0 client-credentials grant (RFC 6749 4.4). JSON or application/x-www-form-urlencoded; client credentials in the body or with HTTP Basic */
        post: operations["postOauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document of the developer API */
        get: operations["getPublicOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/outlets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's outlets, by name */
        get: operations["getPublicOutlets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List employees, oldest first; `order=newest` lists the most recently added first */
        get: operations["getPublicEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List live zones by name; an OUTLET_MANAGER sees the zones of their outlets only */
        get: operations["getAccessZones"];
        put?: never;
        /** Create a zone bound to one or more readers */
        post: operations["postAccessZones"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/zones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One zone with its reader bindings */
        get: operations["getAccessZonesById"];
        put?: never;
        post?: never;
        /** Delete a zone (soft): frees its readers and revokes its active grants, one REVOKED audit row each */
        delete: operations["deleteAccessZonesById"];
        options?: never;
        head?: never;
        /** Change a zone's name, description, outlet, readers (replaced as a whole), hours or active switch */
        patch: operations["patchAccessZonesById"];
        trace?: never;
    };
    "/access/readers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readers seen by heartbeats, by reader id, with online status and zone; an OUTLET_MANAGER sees those of their outlets only */
        get: operations["getAccessReaders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List user grants, newest first; filters userId, zoneId, status */
        get: operations["getAccessGrants"];
        put?: never;
        /** Grant a user access to a zone */
        post: operations["postAccessGrants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/users/{userId}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every grant a user holds or held, newest first */
        get: operations["getAccessUsersByUserIdGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/grants/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant every listed user every listed zone, all or none; pairs with an active grant are skipped */
        post: operations["postAccessGrantsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/grants/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an active grant now (soft); writes a REVOKED audit row. The body is optional */
        post: operations["postAccessGrantsByIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a grant row for good; an active grant is revoked first (REVOKED audit row) */
        delete: operations["deleteAccessGrantsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Door events, newest first, no paging (narrow with from and to); an OUTLET_MANAGER sees the zones of their outlets only */
        get: operations["getAccessAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/reports/who-where": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who entered which zone on which local day (tenant's timezone): first and last GRANTED tap per user, zone and day */
        get: operations["getAccessReportsWhoWhere"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint a 24-hour door credential for the signed-in user; no body */
        post: operations["postAccessCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/signing-keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the tenant's credential signing key */
        post: operations["postAccessSigningKeysRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's reader-bridge keys, revoked ones included, without secrets */
        get: operations["getAccessApiKeys"];
        put?: never;
        /** Mint a reader-bridge key for POST /access/verify and /access/reader-heartbeat; the key is returned once */
        post: operations["postAccessApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a reader-bridge key; cannot be undone */
        post: operations["postAccessApiKeysByIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/visitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active visitor passes (neither revoked nor expired), newest first */
        get: operations["getAccessVisitors"];
        put?: never;
        /** Create a visitor pass: one grant per zone, until expiresAt; the magic link is sent by email and messaging when given */
        post: operations["postAccessVisitors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/visitors/{inviteCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a visitor pass and its grants (a REVOKED audit row per grant); the path takes the invite code or the pass id */
        delete: operations["deleteAccessVisitorsByInviteCode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/visitors/{inviteCode}/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Visitor self-redeem via the magic link: mints a credential for the pass’s zones; public, 5 per 5 minutes per IP */
        post: operations["postAccessVisitorsByInviteCodeRedeem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's external reader integrations, oldest first; secrets masked */
        get: operations["getAccessIntegrations"];
        put?: never;
        /** Connect a provider; the webhook secret is returned once */
        post: operations["postAccessIntegrations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an integration and its discovered doors */
        delete: operations["deleteAccessIntegrationsById"];
        options?: never;
        head?: never;
        /** Rename an integration or replace its config (masked secrets keep their stored values) */
        patch: operations["patchAccessIntegrationsById"];
        trace?: never;
    };
    "/access/integrations/{id}/test-connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the stored credentials against the provider's API */
        post: operations["postAccessIntegrationsByIdTestConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/integrations/{id}/sync-doors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pull the provider's door list: new doors are added, renamed ones updated, unlisted ones removed; zone mappings are kept */
        post: operations["postAccessIntegrationsByIdSyncDoors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/integrations/{id}/doors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The doors discovered by the last sync, by name, with their zone mapping */
        get: operations["getAccessIntegrationsByIdDoors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/integrations/{id}/doors/{doorId}/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Map an external door to a zone (`zoneId: null` unmaps it); provider events of mapped doors are audited in that zone */
        post: operations["postAccessIntegrationsByIdDoorsByDoorIdMap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/access/webhooks/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inbound provider events. `X-Signature`: hex HMAC-SHA256 of the raw body keyed by the integration's webhook secret. Events of doors mapped to a zone become audit rows (source INTEGRATION:<PROVIDER>); everything else is dropped */
        post: operations["postAccessWebhooksByIntegrationId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's webhook subscriptions, newest first, secrets masked */
        get: operations["getWebhooks"];
        put?: never;
        /** Create a subscription; its signing secret is returned in full only here and on rotate */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event code a subscription may list */
        get: operations["getWebhooksEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/deliveries/dead-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count of DEAD deliveries across the tenant's subscriptions */
        get: operations["getWebhooksDeliveriesDeadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one delivery again now, whatever its status; its attempt count is not reset */
        post: operations["postWebhooksDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a subscription with its delivery log */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        /** Change name, url, events or active; `active: true` also resets failureCount */
        patch: operations["patchWebhooksById"];
        trace?: never;
    };
    "/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new signing secret; the old one stops verifying at once */
        post: operations["postWebhooksByIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one webhook.test event now, whatever the event list; not retried, not logged, counts toward auto-disable */
        post: operations["postWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of a subscription, newest first; no paging */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook subscriptions, newest first; secrets are masked */
        get: operations["getPublicWebhooks"];
        put?: never;
        /** Create a subscription; the signing secret is returned once */
        post: operations["postPublicWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke (delete) a subscription with its delivery log */
        delete: operations["deletePublicWebhooksById"];
        options?: never;
        head?: never;
        /** Change name, url, events or active; `active: true` also resets failureCount */
        patch: operations["patchPublicWebhooksById"];
        trace?: never;
    };
    "/public/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new signing secret; the old one stops working at once */
        post: operations["postPublicWebhooksByIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/webhook-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every webhook event with when it fires and a sample payload */
        get: operations["getPublicWebhookCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "message": "Service Unavailable",
         *       "error": "Service Unavailable",
         *       "statusCode": 503
         *     }
         */
        Error503: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 503;
        };
        /**
         * @example {
         *       "statusCode": 429,
         *       "message": "ThrottlerException: Too Many Requests"
         *     }
         */
        TooManyRequestsError: {
            message: string;
            /** @constant */
            statusCode: 429;
        };
        /**
         * @example {
         *       "message": [
         *         "name is required"
         *       ],
         *       "error": "Bad Request",
         *       "statusCode": 400
         *     }
         */
        ValidationError: {
            message: string[];
            /** @constant */
            error: "Bad Request";
            /** @constant */
            statusCode: 400;
        };
        /**
         * @example {
         *       "message": "Unauthorized",
         *       "statusCode": 401
         *     }
         */
        UnauthorizedError: {
            /** @constant */
            message: "Unauthorized";
            /** @constant */
            statusCode: 401;
        };
        /**
         * @example {
         *       "message": "Payment Required",
         *       "error": "Payment Required",
         *       "statusCode": 402
         *     }
         */
        Error402: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 402;
        };
        /**
         * @example {
         *       "message": "Payload Too Large",
         *       "error": "Payload Too Large",
         *       "statusCode": 413
         *     }
         */
        Error413: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 413;
        };
        /**
         * @example {
         *       "message": "Conflict",
         *       "error": "Conflict",
         *       "statusCode": 409
         *     }
         */
        Error409: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 409;
        };
        /**
         * @example {
         *       "message": "Not Found",
         *       "error": "Not Found",
         *       "statusCode": 404
         *     }
         */
        Error404: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 404;
        };
        /**
         * @example {
         *       "message": "Forbidden",
         *       "error": "Forbidden",
         *       "statusCode": 403
         *     }
         */
        Error403: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 403;
        };
        /**
         * @example {
         *       "message": "Unprocessable Entity",
         *       "error": "Unprocessable Entity",
         *       "statusCode": 422
         *     }
         */
        Error422: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 422;
        };
        /**
         * @example {
         *       "message": "Bad Gateway",
         *       "error": "Bad Gateway",
         *       "statusCode": 502
         *     }
         */
        Error502: {
            message: string;
            /** @description The reason phrase, or a machine-readable code where the route names one */
            error: string;
            /** @constant */
            statusCode: 502;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id: the caller’s X-Request-Id when valid, else a new one; also in the logs */
        "X-Request-Id": string;
        /** @description Requests allowed in the current window */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the window resets */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "checks": {
                     *         "database": "up",
                     *         "bus": "up",
                     *         "redis": "up"
                     *       },
                     *       "busKind": "local"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        checks: {
                            /** @enum {string} */
                            database: "up" | "down";
                            /** @enum {string} */
                            bus: "up" | "down";
                            /** @enum {string} */
                            redis?: "up" | "down";
                        };
                        /** @enum {string} */
                        busKind: "local" | "redis";
                    };
                };
            };
            /** @description A dependency is down */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "checks": {
                     *         "database": "up",
                     *         "bus": "up",
                     *         "redis": "up"
                     *       },
                     *       "busKind": "local"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        checks: {
                            /** @enum {string} */
                            database: "up" | "down";
                            /** @enum {string} */
                            bus: "up" | "down";
                            /** @enum {string} */
                            redis?: "up" | "down";
                        };
                        /** @enum {string} */
                        busKind: "local" | "redis";
                    };
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "credentialId": "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl",
                 *       "readerId": "front-door-1",
                 *       "source": "BRIDGE_HTTP"
                 *     }
                 */
                "application/json": {
                    /** @description The credential JWT the phone broadcast */
                    credentialId?: string;
                    /** @description The reader the phone was presented to; without it the tap is `Unknown reader` */
                    readerId?: string;
                    /** @description An audit label; `BRIDGE_HTTP` when absent */
                    source?: string;
                };
            };
        };
        responses: {
            /** @description The decision */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "decision": "GRANT",
                     *       "userId": "0b6a1a84-5d33-4b8e-9d55-0d2f0f4a3c11",
                     *       "userName": "Ada Lovelace",
                     *       "zoneId": "6f1c2a9e-7f0b-4d8e-b1a4-2e5c9d3f7a10",
                     *       "zoneName": "Stockroom"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        decision: "GRANT";
                        /**
                         * Format: uuid
                         * @description Omitted for a visitor pass
                         */
                        userId?: string;
                        /** @description The user's name, or the visitor's for a visitor pass */
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * @description Present, and true, only when the same credential was presented at the same reader within 2 seconds: the original decision, no second audit row
                         * @enum {boolean}
                         */
                        replay?: true;
                    } | {
                        /** @enum {string} */
                        decision: "DENY";
                        /**
                         * @description Branch on `decision`, not on this wording
                         * @enum {string}
                         */
                        reason: "Unknown reader" | "Zone inactive" | "Unknown credential" | "No access to this zone" | "Access expired" | "Zone closed today" | "Outside allowed hours";
                        /**
                         * @description Present, and true, only when the same credential was presented at the same reader within 2 seconds: the original decision, no second audit row
                         * @enum {boolean}
                         */
                        replay?: true;
                    };
                };
            };
            /** @description Validation failure, or a body that is not JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid reader-bridge key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The tenant's plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description A body over 16 KiB */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payload Too Large",
                     *       "error": "Payload Too Large",
                     *       "statusCode": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error413"];
                };
            };
            /** @description Too many failed key attempts from this address: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description The daemon’s access cache is loading, or older than the operator’s ACCESS_MAX_CACHE_AGE_S (fail secure) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    postAccessReaderHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "readerId": "front-door-1",
                 *       "firmwareVersion": "2.4.1",
                 *       "ipAddress": "10.0.4.17"
                 *     }
                 */
                "application/json": {
                    readerId: string;
                    firmwareVersion: string;
                    /** @description An IPv4 or IPv6 address */
                    ipAddress: string;
                };
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description Validation failure, or a body that is not JSON */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid reader-bridge key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The tenant's plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description A new reader beyond the tenant’s ACCESS_MAX_READERS_PER_TENANT */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description A body over 16 KiB */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payload Too Large",
                     *       "error": "Payload Too Large",
                     *       "statusCode": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Error413"];
                };
            };
            /** @description Too many failed key attempts from this address: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description The daemon’s access cache is loading, or older than the operator’s ACCESS_MAX_CACHE_AGE_S (fail secure) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "identifier": "string",
                 *       "password": "string",
                 *       "tenantSlug": "string"
                 *     }
                 */
                "application/json": {
                    identifier: string;
                    password: string;
                    tenantSlug?: string;
                };
            };
        };
        responses: {
            /** @description Token pair */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "string",
                     *       "refreshToken": "string",
                     *       "accessExpiresIn": "string",
                     *       "refreshExpiresIn": "string",
                     *       "tokenType": "Bearer"
                     *     }
                     */
                    "application/json": {
                        accessToken: string;
                        refreshToken: string;
                        accessExpiresIn: string;
                        refreshExpiresIn: string;
                        /** @enum {string} */
                        tokenType: "Bearer";
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Invalid credentials or token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description Password hashing is saturated; retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    postAuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "string"
                 *     }
                 */
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Token pair */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "string",
                     *       "refreshToken": "string",
                     *       "accessExpiresIn": "string",
                     *       "refreshExpiresIn": "string",
                     *       "tokenType": "Bearer"
                     *     }
                     */
                    "application/json": {
                        accessToken: string;
                        refreshToken: string;
                        accessExpiresIn: string;
                        refreshExpiresIn: string;
                        /** @enum {string} */
                        tokenType: "Bearer";
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Invalid credentials or token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "string"
                 *     }
                 */
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Signed out */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAuthSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "companyName": "string",
                 *       "fullName": "string",
                 *       "email": "user@example.com",
                 *       "password": "stringstri",
                 *       "timezone": "string",
                 *       "mobile": "string"
                 *     }
                 */
                "application/json": {
                    companyName: string;
                    fullName: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    timezone?: string;
                    mobile?: string;
                };
            };
        };
        responses: {
            /** @description Created; verification link mailed */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "verificationSent": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        verificationSent: true;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description Password hashing is saturated; retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    postAuthVerifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "token": "string"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Token pair */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "string",
                     *       "refreshToken": "string",
                     *       "accessExpiresIn": "string",
                     *       "refreshExpiresIn": "string",
                     *       "tokenType": "Bearer"
                     *     }
                     */
                    "application/json": {
                        accessToken: string;
                        refreshToken: string;
                        accessExpiresIn: string;
                        refreshExpiresIn: string;
                        /** @enum {string} */
                        tokenType: "Bearer";
                    };
                };
            };
            /** @description Validation failure, or the token is invalid, used or expired */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "identifier": "string"
                 *     }
                 */
                "application/json": {
                    identifier: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAuthResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "token": "string",
                 *       "password": "stringstri"
                 *     }
                 */
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Password changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Validation failure, or the token is invalid, used or expired */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description Password hashing is saturated; retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    postAuthInviteByCodeRedeem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "password": "stringstri"
                 *     }
                 */
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Token pair */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "string",
                     *       "refreshToken": "string",
                     *       "accessExpiresIn": "string",
                     *       "refreshExpiresIn": "string",
                     *       "tokenType": "Bearer"
                     *     }
                     */
                    "application/json": {
                        accessToken: string;
                        refreshToken: string;
                        accessExpiresIn: string;
                        refreshExpiresIn: string;
                        /** @enum {string} */
                        tokenType: "Bearer";
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Invite not found or expired */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description Password hashing is saturated; retry after Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Service Unavailable",
                     *       "error": "Service Unavailable",
                     *       "statusCode": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error503"];
                };
            };
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "name": "string",
                     *       "slug": "string",
                     *       "plan": "FREE",
                     *       "timezone": "string",
                     *       "publicApiEnabled": true,
                     *       "ssoEnabled": true,
                     *       "rosterApprovalRequired": true,
                     *       "features": {
                     *         "webhooks": true,
                     *         "accessControl": true,
                     *         "developerApi": true,
                     *         "scim": true
                     *       },
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        plan: "FREE" | "BASIC" | "GROWTH" | "ENTERPRISE";
                        timezone: string;
                        publicApiEnabled: boolean;
                        ssoEnabled: boolean;
                        /** @description Published rosters wait as drafts (PROPOSED) for an approver, AREA_MANAGER and above */
                        rosterApprovalRequired: boolean;
                        features: {
                            webhooks: boolean;
                            accessControl: boolean;
                            developerApi: boolean;
                            scim: boolean;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "timezone": "string",
                 *       "publicApiEnabled": true,
                 *       "rosterApprovalRequired": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    timezone?: string;
                    publicApiEnabled?: boolean;
                    rosterApprovalRequired?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated tenant */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "name": "string",
                     *       "slug": "string",
                     *       "plan": "FREE",
                     *       "timezone": "string",
                     *       "publicApiEnabled": true,
                     *       "ssoEnabled": true,
                     *       "rosterApprovalRequired": true,
                     *       "features": {
                     *         "webhooks": true,
                     *         "accessControl": true,
                     *         "developerApi": true,
                     *         "scim": true
                     *       },
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        plan: "FREE" | "BASIC" | "GROWTH" | "ENTERPRISE";
                        timezone: string;
                        publicApiEnabled: boolean;
                        ssoEnabled: boolean;
                        /** @description Published rosters wait as drafts (PROPOSED) for an approver, AREA_MANAGER and above */
                        rosterApprovalRequired: boolean;
                        features: {
                            webhooks: boolean;
                            accessControl: boolean;
                            developerApi: boolean;
                            scim: boolean;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or switching the developer API on without the Enterprise plan (error ModuleNotEntitled) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array, no total */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "fullName": "string",
                     *         "email": "string",
                     *         "mobile": "string",
                     *         "role": "TENANT_GROUP_OWNER",
                     *         "status": "ACTIVE",
                     *         "employeeCode": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        fullName: string;
                        email: string | null;
                        mobile: string | null;
                        /** @enum {string} */
                        role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        employeeCode: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "fullName": "string",
                 *       "email": "string",
                 *       "mobile": "string",
                 *       "role": "TENANT_GROUP_OWNER",
                 *       "employeeCode": "string",
                 *       "password": "stringstri"
                 *     }
                 */
                "application/json": {
                    fullName: string;
                    email?: string;
                    mobile?: string;
                    /** @enum {string} */
                    role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                    employeeCode?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description The created user */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "fullName": "string",
                     *       "email": "string",
                     *       "mobile": "string",
                     *       "role": "TENANT_GROUP_OWNER",
                     *       "status": "ACTIVE",
                     *       "employeeCode": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        fullName: string;
                        email: string | null;
                        mobile: string | null;
                        /** @enum {string} */
                        role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        employeeCode: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or the role to assign is above the caller's own or TENANT_GROUP_OWNER */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Email or mobile number already used by a live user of the tenant */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postUsersBulkImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "rows": [
                 *         {
                 *           "fullName": "string",
                 *           "email": "string",
                 *           "mobile": "string",
                 *           "role": "TENANT_GROUP_OWNER",
                 *           "employeeCode": "string"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    rows: {
                        fullName: string;
                        email?: string;
                        mobile?: string;
                        /**
                         * @default STAFF
                         * @enum {string}
                         */
                        role?: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        employeeCode?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Count and ids of the created users, in row order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 0,
                     *       "ids": [
                     *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        created: number;
                        ids: string[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a row assigns a role above the caller's own */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description A row repeats an email or mobile of another row or of a live user; the message names the row */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "fullName": "string",
                     *       "email": "string",
                     *       "mobile": "string",
                     *       "role": "TENANT_GROUP_OWNER",
                     *       "status": "ACTIVE",
                     *       "employeeCode": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        fullName: string;
                        email: string | null;
                        mobile: string | null;
                        /** @enum {string} */
                        role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        employeeCode: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed to read other users */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant, or (OUTLET_MANAGER) not at one of the caller's outlets */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, the user's role is not below the caller's, or the caller removes themselves */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "fullName": "string",
                 *       "email": "string",
                 *       "mobile": "string",
                 *       "role": "TENANT_GROUP_OWNER",
                 *       "employeeCode": "string"
                 *     }
                 */
                "application/json": {
                    fullName?: string;
                    email?: string | null;
                    mobile?: string | null;
                    /** @enum {string} */
                    role?: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                    employeeCode?: string | null;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "fullName": "string",
                     *       "email": "string",
                     *       "mobile": "string",
                     *       "role": "TENANT_GROUP_OWNER",
                     *       "status": "ACTIVE",
                     *       "employeeCode": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        fullName: string;
                        email: string | null;
                        mobile: string | null;
                        /** @enum {string} */
                        role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        employeeCode: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, the user's role is not below the caller's (editing oneself aside), the new role is above the caller's own, or the caller changes their own role */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Email or mobile number already used by a live user of the tenant */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchUsersByIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "status": "ACTIVE"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "fullName": "string",
                     *       "email": "string",
                     *       "mobile": "string",
                     *       "role": "TENANT_GROUP_OWNER",
                     *       "status": "ACTIVE",
                     *       "employeeCode": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        fullName: string;
                        email: string | null;
                        mobile: string | null;
                        /** @enum {string} */
                        role: "TENANT_GROUP_OWNER" | "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER" | "STAFF";
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        employeeCode: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, the user's role is not below the caller's, or the caller deactivates themselves */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getUsersByIdOutlets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assignment */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletIds": [
                     *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        userId: string;
                        /** @description Sorted */
                        outletIds: string[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant, or (OUTLET_MANAGER) not themselves and not at one of their outlets */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    putUsersByIdOutlets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "outletIds": [
                 *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Replaces the whole assignment; an empty array removes every outlet */
                    outletIds: string[];
                };
            };
        };
        responses: {
            /** @description The assignment */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletIds": [
                     *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        userId: string;
                        /** @description Sorted */
                        outletIds: string[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or the user's role is not below the caller's (oneself aside) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant, or an outlet id is not one of the tenant (the message names it) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getOutlets: {
        parameters: {
            query?: {
                status?: "ACTIVE" | "INACTIVE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All matching outlets */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "name": "string",
                     *         "code": "string",
                     *         "city": "string",
                     *         "address": "string",
                     *         "status": "ACTIVE",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        code: string;
                        city: string;
                        address: string | null;
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOutlets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "code": "string",
                 *       "city": "string",
                 *       "address": "string",
                 *       "status": "ACTIVE"
                 *     }
                 */
                "application/json": {
                    name: string;
                    code: string;
                    city: string;
                    address?: string;
                    /**
                     * @default ACTIVE
                     * @enum {string}
                     */
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description The created outlet */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "code": "string",
                     *       "city": "string",
                     *       "address": "string",
                     *       "status": "ACTIVE",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        code: string;
                        city: string;
                        address: string | null;
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Another outlet of the tenant has this code (compared ignoring case) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOutletsBulkImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "rows": [
                 *         {
                 *           "name": "string",
                 *           "code": "string",
                 *           "city": "string",
                 *           "address": "string",
                 *           "status": "ACTIVE"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    rows: {
                        name: string;
                        code: string;
                        city: string;
                        address?: string;
                        /**
                         * @default ACTIVE
                         * @enum {string}
                         */
                        status?: "ACTIVE" | "INACTIVE";
                    }[];
                };
            };
        };
        responses: {
            /** @description Count and ids of the created outlets, in row order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 0,
                     *       "ids": [
                     *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        created: number;
                        ids: string[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description A row repeats the code of another row or of an existing outlet; the message names the row */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchOutletsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "code": "string",
                 *       "city": "string",
                 *       "address": "string",
                 *       "status": "ACTIVE"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    code?: string;
                    city?: string;
                    address?: string | null;
                    /** @enum {string} */
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description The updated outlet */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "code": "string",
                     *       "city": "string",
                     *       "address": "string",
                     *       "status": "ACTIVE",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        code: string;
                        city: string;
                        address: string | null;
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No outlet with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Another outlet of the tenant has this code (compared ignoring case) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getShiftAssignments: {
        parameters: {
            query?: {
                userId?: string;
                outletId?: string;
                status?: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                from?: string;
                to?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array, no total; page by raising offset until fewer than limit rows come back */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "scheduledStart": "2019-08-24T14:15:22Z",
                     *         "scheduledEnd": "2019-08-24T14:15:22Z",
                     *         "status": "PROPOSED",
                     *         "type": "REGULAR",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "note": "string",
                     *         "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *         "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        note: string | null;
                        /**
                         * Format: uuid
                         * @description The roster it was published or cloned in; null for a shift created on its own
                         */
                        rosterId: string | null;
                        /** Format: uuid */
                        createdByUserId: string | null;
                    }[];
                };
            };
            /** @description Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description A non-manager asked for another person's shifts */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "scheduledStart": "2019-08-24T14:15:22Z",
                 *       "scheduledEnd": "2019-08-24T14:15:22Z",
                 *       "type": "REGULAR",
                 *       "status": "SCHEDULED",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** Format: uuid */
                    outletId: string;
                    /** Format: date-time */
                    scheduledStart: string;
                    /** Format: date-time */
                    scheduledEnd: string;
                    /**
                     * @default REGULAR
                     * @enum {string}
                     */
                    type?: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                    /**
                     * @default SCHEDULED
                     * @enum {string}
                     */
                    status?: "SCHEDULED" | "PROPOSED";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The created shift */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "status": "PROPOSED",
                     *       "type": "REGULAR",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "note": "string",
                     *       "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        note: string | null;
                        /**
                         * Format: uuid
                         * @description The roster it was published or cloned in; null for a shift created on its own
                         */
                        rosterId: string | null;
                        /** Format: uuid */
                        createdByUserId: string | null;
                    };
                };
            };
            /** @description Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user or no outlet with this id in the tenant, or (OUTLET_MANAGER) the user is not at one of the caller's outlets */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description SHIFT_OVERLAP: the user has an overlapping shift that is not cancelled; or the user or outlet is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchShiftAssignmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                 *       "scheduledStart": "2019-08-24T14:15:22Z",
                 *       "scheduledEnd": "2019-08-24T14:15:22Z",
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "type": "REGULAR",
                 *       "status": "PROPOSED",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    userId?: string;
                    /** Format: date-time */
                    scheduledStart?: string;
                    /** Format: date-time */
                    scheduledEnd?: string;
                    /** Format: uuid */
                    outletId?: string;
                    /** @enum {string} */
                    type?: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                    /** @enum {string} */
                    status?: "PROPOSED" | "SCHEDULED" | "COMPLETED" | "CANCELLED" | "MISSED";
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description The updated shift */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "status": "PROPOSED",
                     *       "type": "REGULAR",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "note": "string",
                     *       "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        note: string | null;
                        /**
                         * Format: uuid
                         * @description The roster it was published or cloned in; null for a shift created on its own
                         */
                        rosterId: string | null;
                        /** Format: uuid */
                        createdByUserId: string | null;
                    };
                };
            };
            /** @description Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) the new outlet is not one of theirs, or the shift is their own at another outlet */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No shift, or no outlet, with this id in the tenant, or (OUTLET_MANAGER) a shift at another outlet */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description SHIFT_OVERLAP; the shift is in progress, completed or cancelled; the status change is not allowed; or the outlet is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicShifts: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                outletId?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List envelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or a missing scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPublicShifts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "scheduledStart": "2019-08-24T14:15:22Z",
                 *       "scheduledEnd": "2019-08-24T14:15:22Z",
                 *       "type": "REGULAR"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** Format: uuid */
                    outletId: string;
                    /** Format: date-time */
                    scheduledStart: string;
                    /** Format: date-time */
                    scheduledEnd: string;
                    /**
                     * @default REGULAR
                     * @enum {string}
                     */
                    type?: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                };
            };
        };
        responses: {
            /** @description The created shift */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "status": "PROPOSED",
                     *       "type": "REGULAR",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from` */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or a missing scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user or no outlet with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description SHIFT_OVERLAP: the user has an overlapping shift that is not cancelled; or the user or outlet is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postSchedulerAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "assignments": [
                 *         {
                 *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                 *           "scheduledStart": "2019-08-24T14:15:22Z",
                 *           "scheduledEnd": "2019-08-24T14:15:22Z",
                 *           "type": "REGULAR",
                 *           "note": "string"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    outletId: string;
                    /** @description One to 1000 assignments, all at the outlet; all are published or none */
                    assignments: {
                        /** Format: uuid */
                        userId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /**
                         * @default REGULAR
                         * @enum {string}
                         */
                        type?: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        note?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Published: the count, the roster id and the assignments (SCHEDULED) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "published": 0,
                     *       "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        published: number;
                        /** Format: uuid */
                        rosterId: string;
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Roster approval is on: the roster, PENDING_APPROVAL, with its PROPOSED assignments */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "source": "PUBLISH",
                     *       "status": "PUBLISHED",
                     *       "assignmentCount": 0,
                     *       "publishedByUserId": "a9443a86-35fd-43fe-b423-f02c750ae38d",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "published": 0,
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** @enum {string} */
                        source: "PUBLISH" | "CLONE";
                        /**
                         * @description PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED
                         * @enum {string}
                         */
                        status: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                        assignmentCount: number;
                        /** Format: uuid */
                        publishedByUserId: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        published: number;
                        /** @description The drafts (PROPOSED), each already announced by shift.assigned */
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure, or a row whose window is empty or over 24 hours (named `assignments[i]`) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No outlet with this id, or a row whose user does not exist in the tenant or (OUTLET_MANAGER) is not at their outlets */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description SHIFT_OVERLAP: a row overlaps another shift of its user (in the roster or already booked); a user or the outlet is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postSchedulerCloneWeek: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "fromWeekStart": "2019-08-24",
                 *       "toWeekStart": "2019-08-24"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    outletId: string;
                    /**
                     * Format: date
                     * @description First day of the week copied, in the tenant timezone; the week is the 7 days from it
                     */
                    fromWeekStart: string;
                    /**
                     * Format: date
                     * @description First day of the week the copies land in: a whole number of weeks before or after fromWeekStart
                     */
                    toWeekStart: string;
                };
            };
        };
        responses: {
            /** @description The copies, SCHEDULED */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *       "status": "PUBLISHED",
                     *       "cloned": 0,
                     *       "skipped": [
                     *         {
                     *           "sourceShiftId": "712950f2-00b6-4636-88b6-c7b00ef7f625",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "reason": "string"
                     *         }
                     *       ],
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        rosterId: string;
                        /** @enum {string} */
                        status: "PUBLISHED" | "PENDING_APPROVAL";
                        cloned: number;
                        /** @description Shifts not copied because their person is no longer active */
                        skipped: {
                            /** Format: uuid */
                            sourceShiftId: string;
                            /** Format: uuid */
                            userId: string;
                            reason: string;
                        }[];
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Roster approval is on: the copies are PROPOSED drafts in a roster PENDING_APPROVAL */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *       "status": "PUBLISHED",
                     *       "cloned": 0,
                     *       "skipped": [
                     *         {
                     *           "sourceShiftId": "712950f2-00b6-4636-88b6-c7b00ef7f625",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "reason": "string"
                     *         }
                     *       ],
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        rosterId: string;
                        /** @enum {string} */
                        status: "PUBLISHED" | "PENDING_APPROVAL";
                        cloned: number;
                        /** @description Shifts not copied because their person is no longer active */
                        skipped: {
                            /** Format: uuid */
                            sourceShiftId: string;
                            /** Format: uuid */
                            userId: string;
                            reason: string;
                        }[];
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure, or weeks not a whole number of weeks apart */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No outlet with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description NOTHING_TO_CLONE: no shift (of an active person) in the source week; SHIFT_OVERLAP: a copy overlaps a shift in the target week; the outlet is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getSchedulerRosters: {
        parameters: {
            query?: {
                outletId?: string;
                status?: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "source": "PUBLISH",
                     *         "status": "PUBLISHED",
                     *         "assignmentCount": 0,
                     *         "publishedByUserId": "a9443a86-35fd-43fe-b423-f02c750ae38d",
                     *         "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *         "decidedAt": "2019-08-24T14:15:22Z",
                     *         "decisionNote": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** @enum {string} */
                        source: "PUBLISH" | "CLONE";
                        /**
                         * @description PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED
                         * @enum {string}
                         */
                        status: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                        assignmentCount: number;
                        /** Format: uuid */
                        publishedByUserId: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getSchedulerRostersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The roster */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "source": "PUBLISH",
                     *       "status": "PUBLISHED",
                     *       "assignmentCount": 0,
                     *       "publishedByUserId": "a9443a86-35fd-43fe-b423-f02c750ae38d",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** @enum {string} */
                        source: "PUBLISH" | "CLONE";
                        /**
                         * @description PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED
                         * @enum {string}
                         */
                        status: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                        assignmentCount: number;
                        /** Format: uuid */
                        publishedByUserId: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No roster with this id in the tenant (or at their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postSchedulerRostersByIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The decided roster with its assignments */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "source": "PUBLISH",
                     *       "status": "PUBLISHED",
                     *       "assignmentCount": 0,
                     *       "publishedByUserId": "a9443a86-35fd-43fe-b423-f02c750ae38d",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** @enum {string} */
                        source: "PUBLISH" | "CLONE";
                        /**
                         * @description PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED
                         * @enum {string}
                         */
                        status: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                        assignmentCount: number;
                        /** Format: uuid */
                        publishedByUserId: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed (AREA_MANAGER and above), or the caller published this roster */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No roster with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The roster is not awaiting approval */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postSchedulerRostersByIdReject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The decided roster with its assignments */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "source": "PUBLISH",
                     *       "status": "PUBLISHED",
                     *       "assignmentCount": 0,
                     *       "publishedByUserId": "a9443a86-35fd-43fe-b423-f02c750ae38d",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "assignments": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "scheduledStart": "2019-08-24T14:15:22Z",
                     *           "scheduledEnd": "2019-08-24T14:15:22Z",
                     *           "status": "PROPOSED",
                     *           "type": "REGULAR",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "note": "string",
                     *           "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *           "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** @enum {string} */
                        source: "PUBLISH" | "CLONE";
                        /**
                         * @description PUBLISHED without roster approval; otherwise PENDING_APPROVAL until APPROVED or REJECTED
                         * @enum {string}
                         */
                        status: "PUBLISHED" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED";
                        assignmentCount: number;
                        /** Format: uuid */
                        publishedByUserId: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        assignments: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed (AREA_MANAGER and above), or the caller published this roster */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No roster with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The roster is not awaiting approval */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftAssignmentsByIdRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** @description Shown to the staff who may claim it; the shift's own note otherwise */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The open shift */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "type": "REGULAR",
                     *       "note": "string",
                     *       "status": "OPEN",
                     *       "previousUserId": "1f9b4293-22f3-404d-adfe-718102880772",
                     *       "releasedByUserId": "15d5019e-db9b-4651-ba99-7050fd00d625",
                     *       "claimedByUserId": "a4e62164-3911-42d7-a863-1d6c62ec2821",
                     *       "claimedAssignmentId": "4816f668-0192-409b-b928-2ac3f1bcdb4a",
                     *       "closedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The shiftId of shift.released and shift.claimed
                         */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        note: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "CLAIMED" | "WITHDRAWN";
                        /** Format: uuid */
                        previousUserId: string | null;
                        /** Format: uuid */
                        releasedByUserId: string | null;
                        /** Format: uuid */
                        claimedByUserId: string | null;
                        /** Format: uuid */
                        claimedAssignmentId: string | null;
                        /** Format: date-time */
                        closedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) their own shift at another outlet */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No shift with this id in the tenant, or (OUTLET_MANAGER) a shift at another outlet */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The shift is not SCHEDULED, or has started */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getOpenShifts: {
        parameters: {
            query?: {
                outletId?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array by scheduledStart */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "scheduledStart": "2019-08-24T14:15:22Z",
                     *         "scheduledEnd": "2019-08-24T14:15:22Z",
                     *         "type": "REGULAR",
                     *         "note": "string",
                     *         "status": "OPEN",
                     *         "previousUserId": "1f9b4293-22f3-404d-adfe-718102880772",
                     *         "releasedByUserId": "15d5019e-db9b-4651-ba99-7050fd00d625",
                     *         "claimedByUserId": "a4e62164-3911-42d7-a863-1d6c62ec2821",
                     *         "claimedAssignmentId": "4816f668-0192-409b-b928-2ac3f1bcdb4a",
                     *         "closedAt": "2019-08-24T14:15:22Z",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The shiftId of shift.released and shift.claimed
                         */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        note: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "CLAIMED" | "WITHDRAWN";
                        /** Format: uuid */
                        previousUserId: string | null;
                        /** Format: uuid */
                        releasedByUserId: string | null;
                        /** Format: uuid */
                        claimedByUserId: string | null;
                        /** Format: uuid */
                        claimedAssignmentId: string | null;
                        /** Format: date-time */
                        closedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOpenShiftsByIdClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claimed open shift with the new assignment */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "type": "REGULAR",
                     *       "note": "string",
                     *       "status": "OPEN",
                     *       "previousUserId": "1f9b4293-22f3-404d-adfe-718102880772",
                     *       "releasedByUserId": "15d5019e-db9b-4651-ba99-7050fd00d625",
                     *       "claimedByUserId": "a4e62164-3911-42d7-a863-1d6c62ec2821",
                     *       "claimedAssignmentId": "4816f668-0192-409b-b928-2ac3f1bcdb4a",
                     *       "closedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "assignment": {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "scheduledStart": "2019-08-24T14:15:22Z",
                     *         "scheduledEnd": "2019-08-24T14:15:22Z",
                     *         "status": "PROPOSED",
                     *         "type": "REGULAR",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "note": "string",
                     *         "rosterId": "4a8cfffe-cd35-4d03-9a77-ab5277ee2271",
                     *         "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The shiftId of shift.released and shift.claimed
                         */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        note: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "CLAIMED" | "WITHDRAWN";
                        /** Format: uuid */
                        previousUserId: string | null;
                        /** Format: uuid */
                        releasedByUserId: string | null;
                        /** Format: uuid */
                        claimedByUserId: string | null;
                        /** Format: uuid */
                        claimedAssignmentId: string | null;
                        /** Format: date-time */
                        closedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description The claimer's new assignment (SCHEDULED) */
                        assignment: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: date-time */
                            scheduledStart: string;
                            /** Format: date-time */
                            scheduledEnd: string;
                            /** @enum {string} */
                            status: "PROPOSED" | "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED" | "MISSED";
                            /** @enum {string} */
                            type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: uuid */
                            tenantId: string;
                            note: string | null;
                            /**
                             * Format: uuid
                             * @description The roster it was published or cloned in; null for a shift created on its own
                             */
                            rosterId: string | null;
                            /** Format: uuid */
                            createdByUserId: string | null;
                        };
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No open shift with this id in the tenant, or not at one of your outlets */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description SHIFT_TAKEN (claimed, or withdrawn), SHIFT_STARTED, SHIFT_OVERLAP (you have a shift then), ON_LEAVE (approved leave on its day) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteOpenShiftsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawn open shift */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "scheduledStart": "2019-08-24T14:15:22Z",
                     *       "scheduledEnd": "2019-08-24T14:15:22Z",
                     *       "type": "REGULAR",
                     *       "note": "string",
                     *       "status": "OPEN",
                     *       "previousUserId": "1f9b4293-22f3-404d-adfe-718102880772",
                     *       "releasedByUserId": "15d5019e-db9b-4651-ba99-7050fd00d625",
                     *       "claimedByUserId": "a4e62164-3911-42d7-a863-1d6c62ec2821",
                     *       "claimedAssignmentId": "4816f668-0192-409b-b928-2ac3f1bcdb4a",
                     *       "closedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The shiftId of shift.released and shift.claimed
                         */
                        id: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: date-time */
                        scheduledStart: string;
                        /** Format: date-time */
                        scheduledEnd: string;
                        /** @enum {string} */
                        type: "REGULAR" | "OVERTIME" | "ON_CALL" | "TRAINING";
                        note: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "CLAIMED" | "WITHDRAWN";
                        /** Format: uuid */
                        previousUserId: string | null;
                        /** Format: uuid */
                        releasedByUserId: string | null;
                        /** Format: uuid */
                        claimedByUserId: string | null;
                        /** Format: uuid */
                        claimedAssignmentId: string | null;
                        /** Format: date-time */
                        closedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No open shift with this id in the tenant (or at their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Already claimed or withdrawn */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getShiftSwaps: {
        parameters: {
            query?: {
                status?: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *         "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *         "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *         "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *         "status": "PENDING_PEER",
                     *         "note": "string",
                     *         "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *         "decidedAt": "2019-08-24T14:15:22Z",
                     *         "decisionNote": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwaps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                 *       "withShiftAssignmentId": "992f7933-a259-409e-856c-9bf6a117d13a",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The caller's own SCHEDULED shift
                     */
                    shiftAssignmentId: string;
                    /**
                     * Format: uuid
                     * @description A colleague's SCHEDULED shift at the same outlet
                     */
                    withShiftAssignmentId: string;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The swap, PENDING_PEER */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Your shift does not exist or is not yours; no such shift at its outlet */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A shift is not SCHEDULED or has started; both are yours; SWAP_PENDING: one is already in a pending swap */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwapsByIdAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The swap */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Only the colleague asked may answer */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No swap with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The swap is no longer waiting for this */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwapsByIdDecline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The swap */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Only the colleague asked may answer */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No swap with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The swap is no longer waiting for this */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwapsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The swap */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Only the person who asked may cancel */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No swap with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The swap is no longer waiting for this */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwapsByIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The decided swap */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or the manager is part of the swap */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No swap with this id in the tenant (or at their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The swap is not awaiting approval; SWAP_STALE: a shift changed hands; a shift is no longer SCHEDULED or has started; SHIFT_OVERLAP */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postShiftSwapsByIdReject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The decided swap */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requesterUserId": "9f4de474-a81a-4058-bdf9-c5e1d8c1a9af",
                     *       "requesterAssignmentId": "911d878b-c7cd-4e94-a499-f0d8b5754f5c",
                     *       "peerUserId": "bf25edd6-6c48-45e4-9583-895e51fc02e5",
                     *       "peerAssignmentId": "5b930960-77a1-4a26-9011-44f9d3628f54",
                     *       "status": "PENDING_PEER",
                     *       "note": "string",
                     *       "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *       "decidedAt": "2019-08-24T14:15:22Z",
                     *       "decisionNote": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        requesterUserId: string;
                        /** Format: uuid */
                        requesterAssignmentId: string;
                        /** Format: uuid */
                        peerUserId: string;
                        /** Format: uuid */
                        peerAssignmentId: string;
                        /**
                         * @description PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester
                         * @enum {string}
                         */
                        status: "PENDING_PEER" | "PENDING_APPROVAL" | "APPROVED" | "REJECTED" | "DECLINED" | "CANCELLED";
                        note: string | null;
                        /** Format: uuid */
                        decidedByUserId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        decisionNote: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or the manager is part of the swap */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No swap with this id in the tenant (or at their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The swap is not awaiting approval; SWAP_STALE: a shift changed hands; a shift is no longer SCHEDULED or has started; SHIFT_OVERLAP */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Active policies; policy writers also get inactive ones */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "title": "string",
                     *         "body": "string",
                     *         "requiresAcknowledgement": true,
                     *         "version": 0,
                     *         "active": true,
                     *         "acknowledged": true,
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        body: string;
                        requiresAcknowledgement: boolean;
                        version: number;
                        active: boolean;
                        acknowledged: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "title": "string",
                 *       "body": "string",
                 *       "requiresAcknowledgement": false
                 *     }
                 */
                "application/json": {
                    title: string;
                    body: string;
                    /** @default false */
                    requiresAcknowledgement?: boolean;
                };
            };
        };
        responses: {
            /** @description The created policy (version 1) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "title": "string",
                     *       "body": "string",
                     *       "requiresAcknowledgement": true,
                     *       "version": 0,
                     *       "active": true,
                     *       "acknowledged": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        body: string;
                        requiresAcknowledgement: boolean;
                        version: number;
                        active: boolean;
                        acknowledged: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchPoliciesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "title": "string",
                 *       "body": "string",
                 *       "requiresAcknowledgement": true,
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    title?: string;
                    body?: string;
                    requiresAcknowledgement?: boolean;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated policy */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "title": "string",
                     *       "body": "string",
                     *       "requiresAcknowledgement": true,
                     *       "version": 0,
                     *       "active": true,
                     *       "acknowledged": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        body: string;
                        requiresAcknowledgement: boolean;
                        version: number;
                        active: boolean;
                        acknowledged: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No policy with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPoliciesByIdAcknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy, acknowledged */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "title": "string",
                     *       "body": "string",
                     *       "requiresAcknowledgement": true,
                     *       "version": 0,
                     *       "active": true,
                     *       "acknowledged": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        body: string;
                        requiresAcknowledgement: boolean;
                        version: number;
                        active: boolean;
                        acknowledged: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No policy with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The policy is not active */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postMobileClockIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    outletId: string;
                    /** Format: uuid */
                    shiftAssignmentId?: string;
                };
            };
        };
        responses: {
            /** @description The OPEN attendance event */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *       "clockInAt": "2019-08-24T14:15:22Z",
                     *       "clockOutAt": "2019-08-24T14:15:22Z",
                     *       "status": "OPEN",
                     *       "reviewNote": "string",
                     *       "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *       "reviewedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: uuid */
                        shiftAssignmentId: string | null;
                        /** Format: date-time */
                        clockInAt: string;
                        /** Format: date-time */
                        clockOutAt: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                        reviewNote: string | null;
                        /** Format: uuid */
                        reviewedByUserId: string | null;
                        /** Format: date-time */
                        reviewedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description code POLICY_ACK_REQUIRED: policies to acknowledge first, listed in policyIds */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No outlet with this id in the tenant, or no shift of the caller's with this id */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Already clocked in; the outlet is not active; the shift is at another outlet or not SCHEDULED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postMobileClockOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "attendanceEventId": "45b746bd-ed6a-45cf-a75c-fd2d88306f40"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    attendanceEventId?: string;
                };
            };
        };
        responses: {
            /** @description The closed event: VERIFIED with a shift, PENDING_REVIEW without */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *       "clockInAt": "2019-08-24T14:15:22Z",
                     *       "clockOutAt": "2019-08-24T14:15:22Z",
                     *       "status": "OPEN",
                     *       "reviewNote": "string",
                     *       "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *       "reviewedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: uuid */
                        shiftAssignmentId: string | null;
                        /** Format: date-time */
                        clockInAt: string;
                        /** Format: date-time */
                        clockOutAt: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                        reviewNote: string | null;
                        /** Format: uuid */
                        reviewedByUserId: string | null;
                        /** Format: date-time */
                        reviewedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No attendance event of the caller's with this id */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Not clocked in, or the event is already closed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAttendance: {
        parameters: {
            query?: {
                outletId?: string;
                userId?: string;
                status?: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                from?: string;
                to?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array, no total; page by raising offset until fewer than limit rows come back */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *         "clockInAt": "2019-08-24T14:15:22Z",
                     *         "clockOutAt": "2019-08-24T14:15:22Z",
                     *         "status": "OPEN",
                     *         "reviewNote": "string",
                     *         "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *         "reviewedAt": "2019-08-24T14:15:22Z",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: uuid */
                        shiftAssignmentId: string | null;
                        /** Format: date-time */
                        clockInAt: string;
                        /** Format: date-time */
                        clockOutAt: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                        reviewNote: string | null;
                        /** Format: uuid */
                        reviewedByUserId: string | null;
                        /** Format: date-time */
                        reviewedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description A non-manager asked for another person's attendance */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchAttendanceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "status": "APPROVED",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "APPROVED" | "REJECTED";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The reviewed event */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *       "clockInAt": "2019-08-24T14:15:22Z",
                     *       "clockOutAt": "2019-08-24T14:15:22Z",
                     *       "status": "OPEN",
                     *       "reviewNote": "string",
                     *       "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *       "reviewedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: uuid */
                        shiftAssignmentId: string | null;
                        /** Format: date-time */
                        clockInAt: string;
                        /** Format: date-time */
                        clockOutAt: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                        reviewNote: string | null;
                        /** Format: uuid */
                        reviewedByUserId: string | null;
                        /** Format: date-time */
                        reviewedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or (OUTLET_MANAGER) the event is their own at another outlet */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No attendance event with this id in the tenant, or (OUTLET_MANAGER) one at another outlet */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The event is still OPEN, or it was already APPROVED or REJECTED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicAttendance: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                outletId?: string;
                userId?: string;
                status?: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List envelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *           "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *           "clockInAt": "2019-08-24T14:15:22Z",
                     *           "clockOutAt": "2019-08-24T14:15:22Z",
                     *           "status": "OPEN",
                     *           "reviewNote": "string",
                     *           "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *           "reviewedAt": "2019-08-24T14:15:22Z",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** Format: uuid */
                            outletId: string;
                            /** Format: uuid */
                            shiftAssignmentId: string | null;
                            /** Format: date-time */
                            clockInAt: string;
                            /** Format: date-time */
                            clockOutAt: string | null;
                            /** @enum {string} */
                            status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                            reviewNote: string | null;
                            /** Format: uuid */
                            reviewedByUserId: string | null;
                            /** Format: date-time */
                            reviewedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or a missing scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchPublicAttendanceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "status": "APPROVED",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "APPROVED" | "REJECTED";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The reviewed event */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "shiftAssignmentId": "6ea1e11c-d2f4-4a67-9874-614d6807d8d2",
                     *       "clockInAt": "2019-08-24T14:15:22Z",
                     *       "clockOutAt": "2019-08-24T14:15:22Z",
                     *       "status": "OPEN",
                     *       "reviewNote": "string",
                     *       "reviewedByUserId": "87c0fd0b-599c-4c59-ad4c-35c1f5d2e4da",
                     *       "reviewedAt": "2019-08-24T14:15:22Z",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** Format: uuid */
                        outletId: string;
                        /** Format: uuid */
                        shiftAssignmentId: string | null;
                        /** Format: date-time */
                        clockInAt: string;
                        /** Format: date-time */
                        clockOutAt: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "VERIFIED" | "PENDING_REVIEW" | "APPROVED" | "REJECTED";
                        reviewNote: string | null;
                        /** Format: uuid */
                        reviewedByUserId: string | null;
                        /** Format: date-time */
                        reviewedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or a missing scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No attendance event with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The event is still OPEN, or it was already APPROVED or REJECTED */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getLeaveRequests: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                type?: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                userId?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array, no total */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "type": "ANNUAL",
                     *         "startDate": "2019-08-24T14:15:22Z",
                     *         "endDate": "2019-08-24T14:15:22Z",
                     *         "days": 0,
                     *         "daysDecimal": 0,
                     *         "status": "PENDING",
                     *         "reason": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "halfDay": "AM",
                     *         "currentStep": 0,
                     *         "approvals": [
                     *           {
                     *             "step": 0,
                     *             "decision": "APPROVED",
                     *             "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *             "note": "string",
                     *             "decidedAt": "2019-08-24T14:15:22Z"
                     *           }
                     *         ],
                     *         "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *         "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *         "decidedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postLeaveRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "type": "ANNUAL",
                 *       "startDate": "2019-08-24",
                 *       "endDate": "2019-08-24",
                 *       "halfDay": "AM",
                 *       "reason": "string"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                    /** Format: date */
                    startDate: string;
                    /** Format: date */
                    endDate: string;
                    /** @enum {string} */
                    halfDay?: "AM" | "PM";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The PENDING request */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "halfDay": "AM",
                     *       "currentStep": 0,
                     *       "approvals": [
                     *         {
                     *           "step": 0,
                     *           "decision": "APPROVED",
                     *           "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *           "note": "string",
                     *           "decidedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *       "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *       "decidedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The dates overlap a PENDING or APPROVED request of the same person (error 'LEAVE_OVERLAP') */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getLeaveRequestsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "halfDay": "AM",
                     *       "currentStep": 0,
                     *       "approvals": [
                     *         {
                     *           "step": 0,
                     *           "decision": "APPROVED",
                     *           "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *           "note": "string",
                     *           "decidedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *       "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *       "decidedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description No leave request with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postLeaveRequestsByIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The request after the decision */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "halfDay": "AM",
                     *       "currentStep": 0,
                     *       "approvals": [
                     *         {
                     *           "step": 0,
                     *           "decision": "APPROVED",
                     *           "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *           "note": "string",
                     *           "decidedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *       "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *       "decidedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, the caller's role is below the current step's, it is the caller's own request, or the caller approved an earlier step */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No leave request with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The request is no longer PENDING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postLeaveRequestsByIdReject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description The REJECTED request */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "halfDay": "AM",
                     *       "currentStep": 0,
                     *       "approvals": [
                     *         {
                     *           "step": 0,
                     *           "decision": "APPROVED",
                     *           "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *           "note": "string",
                     *           "decidedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *       "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *       "decidedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, the caller's role is below the current step's, it is the caller's own request, or the caller approved an earlier step */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No leave request with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The request is no longer PENDING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postLeaveRequestsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CANCELLED request */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "halfDay": "AM",
                     *       "currentStep": 0,
                     *       "approvals": [
                     *         {
                     *           "step": 0,
                     *           "decision": "APPROVED",
                     *           "decidedByUserId": "50695f08-879f-48d8-bb8b-de4dfb5c05c1",
                     *           "note": "string",
                     *           "decidedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "createdByUserId": "4d2aef9a-17b0-44e6-902e-616812033620",
                     *       "createdByCredentialId": "78dbdd80-df97-4507-b010-2cfb7854b109",
                     *       "decidedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** @enum {string|null} */
                        halfDay: "AM" | "PM" | null;
                        currentStep: number;
                        approvals: {
                            step: number;
                            /** @enum {string} */
                            decision: "APPROVED" | "REJECTED";
                            /** Format: uuid */
                            decidedByUserId: string;
                            note: string | null;
                            /** Format: date-time */
                            decidedAt: string;
                        }[];
                        /** Format: uuid */
                        createdByUserId: string | null;
                        /** Format: uuid */
                        createdByCredentialId: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The request is not for the caller */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No leave request with this id that the caller may see */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The request is no longer PENDING */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getLeaveApprovalChain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chain */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "steps": [
                     *         {
                     *           "step": 0,
                     *           "approverRole": "TENANT_OWNER"
                     *         }
                     *       ],
                     *       "isDefault": true
                     *     }
                     */
                    "application/json": {
                        steps: {
                            step: number;
                            /** @enum {string} */
                            approverRole: "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER";
                        }[];
                        isDefault: boolean;
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    putLeaveApprovalChain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "steps": [
                 *         {
                 *           "approverRole": "TENANT_OWNER"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    steps: {
                        /** @enum {string} */
                        approverRole: "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER";
                    }[];
                };
            };
        };
        responses: {
            /** @description The new chain */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "steps": [
                     *         {
                     *           "step": 0,
                     *           "approverRole": "TENANT_OWNER"
                     *         }
                     *       ],
                     *       "isDefault": true
                     *     }
                     */
                    "application/json": {
                        steps: {
                            step: number;
                            /** @enum {string} */
                            approverRole: "TENANT_OWNER" | "COMPANY_ADMIN" | "HR_MANAGER" | "AREA_MANAGER" | "OPERATIONS_MANAGER" | "OUTLET_MANAGER";
                        }[];
                        isDefault: boolean;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicLeaveRequests: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                type?: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                userId?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List envelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "type": "ANNUAL",
                     *           "startDate": "2019-08-24T14:15:22Z",
                     *           "endDate": "2019-08-24T14:15:22Z",
                     *           "days": 0,
                     *           "daysDecimal": 0,
                     *           "status": "PENDING",
                     *           "reason": "string",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            userId: string;
                            /** @enum {string} */
                            type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                            /** Format: date-time */
                            startDate: string;
                            /** Format: date-time */
                            endDate: string;
                            days: number;
                            daysDecimal: number;
                            /** @enum {string} */
                            status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                            reason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Not on the Enterprise plan, the Public Developer API is switched off, or the credential lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPublicLeaveRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "targetUserId": "73727401-c2dc-4b4b-ad9b-350075d6b049",
                 *       "type": "ANNUAL",
                 *       "startDate": "2019-08-24",
                 *       "endDate": "2019-08-24",
                 *       "halfDay": "AM",
                 *       "reason": "string"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    targetUserId: string;
                    /** @enum {string} */
                    type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                    /** Format: date */
                    startDate: string;
                    /** Format: date */
                    endDate: string;
                    /** @enum {string} */
                    halfDay?: "AM" | "PM";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The PENDING request */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "type": "ANNUAL",
                     *       "startDate": "2019-08-24T14:15:22Z",
                     *       "endDate": "2019-08-24T14:15:22Z",
                     *       "days": 0,
                     *       "daysDecimal": 0,
                     *       "status": "PENDING",
                     *       "reason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        userId: string;
                        /** @enum {string} */
                        type: "ANNUAL" | "SICK" | "UNPAID" | "PARENTAL" | "COMPASSIONATE" | "STUDY" | "OTHER";
                        /** Format: date-time */
                        startDate: string;
                        /** Format: date-time */
                        endDate: string;
                        days: number;
                        daysDecimal: number;
                        /** @enum {string} */
                        status: "PENDING" | "APPROVED" | "REJECTED" | "CANCELLED";
                        reason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Not on the Enterprise plan, the Public Developer API is switched off, or the credential lacks the scope */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description targetUserId is not a live user of the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The dates overlap a PENDING or APPROVED request of the same person (error 'LEAVE_OVERLAP') */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every key of the tenant, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "prefix": "string",
                     *         "scopes": [
                     *           "outlets:read"
                     *         ],
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "expiresAt": "2019-08-24T14:15:22Z",
                     *         "lastUsedAt": "2019-08-24T14:15:22Z",
                     *         "revokedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        prefix: string;
                        scopes: ("outlets:read" | "employees:read" | "shifts:read" | "shifts:write" | "attendance:read" | "attendance:write" | "leave:read" | "leave:write" | "webhooks:read" | "webhooks:write" | "scim:read" | "scim:write")[];
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        expiresAt: string | null;
                        /**
                         * Format: date-time
                         * @description Accurate to one minute
                         */
                        lastUsedAt: string | null;
                        /** Format: date-time */
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "scopes": [
                 *         "outlets:read"
                 *       ],
                 *       "expiresAt": "2019-08-24T14:15:22Z"
                 *     }
                 */
                "application/json": {
                    name: string;
                    scopes?: ("outlets:read" | "employees:read" | "shifts:read" | "shifts:write" | "attendance:read" | "attendance:write" | "leave:read" | "leave:write" | "webhooks:read" | "webhooks:write" | "scim:read" | "scim:write")[];
                    /** Format: date-time */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The key, shown only here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "name": "string",
                     *       "prefix": "string",
                     *       "key": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "expiresAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description `svc_live_` and the next 4 characters of the key */
                        prefix: string;
                        /** @description `svc_live_` and 43 characters. Shown only in this response */
                        key: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        expiresAt: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, plan without the developer API (ModuleNotEntitled), or the Public Developer API switched off */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (revoking again is harmless) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "revoked": true
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No key with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every client of the tenant, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "clientId": "string",
                     *         "allowedScopes": [
                     *           "outlets:read"
                     *         ],
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "revokedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        clientId: string;
                        allowedScopes: ("outlets:read" | "employees:read" | "shifts:read" | "shifts:write" | "attendance:read" | "attendance:write" | "leave:read" | "leave:write" | "webhooks:read" | "webhooks:write" | "scim:read" | "scim:write")[];
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOauthClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "allowedScopes": []
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @default [] */
                    allowedScopes?: ("outlets:read" | "employees:read" | "shifts:read" | "shifts:write" | "attendance:read" | "attendance:write" | "leave:read" | "leave:write" | "webhooks:read" | "webhooks:write" | "scim:read" | "scim:write")[];
                };
            };
        };
        responses: {
            /** @description The client with its secret, shown only here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "name": "string",
                     *       "clientId": "string",
                     *       "clientSecret": "string",
                     *       "allowedScopes": [
                     *         "outlets:read"
                     *       ],
                     *       "createdAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description `svc_client_…`, sent as `client_id` */
                        clientId: string;
                        /** @description `svc_secret_…`, sent as `client_secret`. Shown only in this response */
                        clientSecret: string;
                        allowedScopes: ("outlets:read" | "employees:read" | "shifts:read" | "shifts:write" | "attendance:read" | "attendance:write" | "leave:read" | "leave:write" | "webhooks:read" | "webhooks:write" | "scim:read" | "scim:write")[];
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, plan without the developer API (ModuleNotEntitled), or the Public Developer API switched off */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOauthClientsByIdRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (revoking again is harmless) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "revoked": true
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No client with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postOauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Required unless sent with HTTP Basic authentication */
                    client_id?: string;
                    /** @description Required unless sent with HTTP Basic authentication */
                    client_secret?: string;
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "string",
                 *       "client_secret": "string"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    grant_type: "client_credentials";
                    /** @description Required unless sent with HTTP Basic authentication */
                    client_id?: string;
                    /** @description Required unless sent with HTTP Basic authentication */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description An access token carrying the client's scopes, valid for 3600 s */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "string",
                     *       "token_type": "Bearer",
                     *       "expires_in": 0
                     *     }
                     */
                    "application/json": {
                        /** @description `svc_oauth_` and 43 characters */
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description Seconds: 3600 */
                        expires_in: number;
                    };
                };
            };
            /** @description invalid_request (missing or malformed parameter) or unsupported_grant_type */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "string",
                     *       "error_description": "string"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description invalid_client: unknown client, wrong secret or revoked client, indistinguishably */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "string",
                     *       "error_description": "string"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document listing every /public developer route */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicOutlets: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of outlets */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string",
                     *           "code": "string",
                     *           "city": "string",
                     *           "status": "ACTIVE",
                     *           "createdAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            code: string;
                            city: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE";
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Non-numeric limit or offset, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled) or the Public Developer API switched off */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicEmployees: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                order?: "newest";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of employees */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "fullName": "string",
                     *           "email": "string",
                     *           "status": "ACTIVE"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            fullName: string;
                            /** @description Null for a person known only by mobile number */
                            email: string | null;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE";
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Non-numeric limit or offset, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled) or the Public Developer API switched off */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessZones: {
        parameters: {
            query?: {
                outletId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *         "name": "string",
                     *         "description": "string",
                     *         "readerIds": [
                     *           "string"
                     *         ],
                     *         "hoursJson": {
                     *           "MON": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "TUE": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "WED": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "THU": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "FRI": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "SAT": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ],
                     *           "SUN": [
                     *             [
                     *               "string",
                     *               "string"
                     *             ]
                     *           ]
                     *         },
                     *         "active": true,
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "deletedAt": "2019-08-24T14:15:22Z",
                     *         "outlet": {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string",
                     *           "code": "string"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        outletId: string | null;
                        name: string;
                        description: string | null;
                        /** @description The reader bindings, sorted */
                        readerIds: string[];
                        /** @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7 */
                        hoursJson: {
                            MON?: [
                                string,
                                string
                            ][];
                            TUE?: [
                                string,
                                string
                            ][];
                            WED?: [
                                string,
                                string
                            ][];
                            THU?: [
                                string,
                                string
                            ][];
                            FRI?: [
                                string,
                                string
                            ][];
                            SAT?: [
                                string,
                                string
                            ][];
                            SUN?: [
                                string,
                                string
                            ][];
                        } | null;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        outlet: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            code: string;
                        } | null;
                    }[];
                };
            };
            /** @description Validation failure (hoursJson problems name the day and window) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessZones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "readerIds": [
                 *         "string"
                 *       ],
                 *       "hoursJson": {
                 *         "MON": [
                 *           [
                 *             "08:00",
                 *             "18:00"
                 *           ]
                 *         ],
                 *         "FRI": [
                 *           [
                 *             "08:00",
                 *             "12:00"
                 *           ],
                 *           [
                 *             "13:00",
                 *             "22:00"
                 *           ]
                 *         ],
                 *         "SAT": [
                 *           [
                 *             "22:00",
                 *             "02:00"
                 *           ]
                 *         ]
                 *       },
                 *       "description": "string"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * Format: uuid
                     * @description One of the tenant's outlets; omitted for a tenant-wide zone
                     */
                    outletId?: string;
                    /** @description At least one; a reader id belongs to at most one live zone of the tenant */
                    readerIds: string[];
                    /**
                     * @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7
                     * @example {
                     *       "MON": [
                     *         [
                     *           "08:00",
                     *           "18:00"
                     *         ]
                     *       ],
                     *       "FRI": [
                     *         [
                     *           "08:00",
                     *           "12:00"
                     *         ],
                     *         [
                     *           "13:00",
                     *           "22:00"
                     *         ]
                     *       ],
                     *       "SAT": [
                     *         [
                     *           "22:00",
                     *           "02:00"
                     *         ]
                     *       ]
                     *     }
                     */
                    hoursJson?: {
                        [key: string]: string[][];
                    };
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The zone record, with its outlet */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "name": "string",
                     *       "description": "string",
                     *       "readerIds": [
                     *         "string"
                     *       ],
                     *       "hoursJson": {
                     *         "MON": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "TUE": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "WED": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "THU": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "FRI": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SAT": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SUN": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ]
                     *       },
                     *       "active": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "deletedAt": "2019-08-24T14:15:22Z",
                     *       "outlet": {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "code": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        outletId: string | null;
                        name: string;
                        description: string | null;
                        /** @description The reader bindings, sorted */
                        readerIds: string[];
                        /** @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7 */
                        hoursJson: {
                            MON?: [
                                string,
                                string
                            ][];
                            TUE?: [
                                string,
                                string
                            ][];
                            WED?: [
                                string,
                                string
                            ][];
                            THU?: [
                                string,
                                string
                            ][];
                            FRI?: [
                                string,
                                string
                            ][];
                            SAT?: [
                                string,
                                string
                            ][];
                            SUN?: [
                                string,
                                string
                            ][];
                        } | null;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        outlet: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            code: string;
                        } | null;
                    };
                };
            };
            /** @description Validation failure (hoursJson problems name the day and window) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description outletId is not an outlet of the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A reader id is already bound to another live zone of the tenant */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessZonesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zone */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "name": "string",
                     *       "description": "string",
                     *       "readerIds": [
                     *         "string"
                     *       ],
                     *       "hoursJson": {
                     *         "MON": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "TUE": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "WED": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "THU": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "FRI": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SAT": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SUN": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ]
                     *       },
                     *       "active": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "deletedAt": "2019-08-24T14:15:22Z",
                     *       "outlet": {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "code": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        outletId: string | null;
                        name: string;
                        description: string | null;
                        /** @description The reader bindings, sorted */
                        readerIds: string[];
                        /** @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7 */
                        hoursJson: {
                            MON?: [
                                string,
                                string
                            ][];
                            TUE?: [
                                string,
                                string
                            ][];
                            WED?: [
                                string,
                                string
                            ][];
                            THU?: [
                                string,
                                string
                            ][];
                            FRI?: [
                                string,
                                string
                            ][];
                            SAT?: [
                                string,
                                string
                            ][];
                            SUN?: [
                                string,
                                string
                            ][];
                        } | null;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        outlet: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            code: string;
                        } | null;
                    };
                };
            };
            /** @description Validation failure (hoursJson problems name the day and window) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live zone with this id in the tenant (or, for an OUTLET_MANAGER, in their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteAccessZonesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "revokedGrants": 0
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                        /** @description Active grants (user and visitor) revoked with the zone */
                        revokedGrants: number;
                    };
                };
            };
            /** @description Validation failure (hoursJson problems name the day and window) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live zone with this id in the tenant (or, for an OUTLET_MANAGER, in their outlets) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchAccessZonesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "description": "string",
                 *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                 *       "readerIds": [
                 *         "string"
                 *       ],
                 *       "hoursJson": {
                 *         "MON": [
                 *           [
                 *             "08:00",
                 *             "18:00"
                 *           ]
                 *         ],
                 *         "FRI": [
                 *           [
                 *             "08:00",
                 *             "12:00"
                 *           ],
                 *           [
                 *             "13:00",
                 *             "22:00"
                 *           ]
                 *         ],
                 *         "SAT": [
                 *           [
                 *             "22:00",
                 *             "02:00"
                 *           ]
                 *         ]
                 *       },
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** Format: uuid */
                    outletId?: string | null;
                    /** @description Replaces every binding of the zone */
                    readerIds?: string[];
                    /**
                     * @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7
                     * @example {
                     *       "MON": [
                     *         [
                     *           "08:00",
                     *           "18:00"
                     *         ]
                     *       ],
                     *       "FRI": [
                     *         [
                     *           "08:00",
                     *           "12:00"
                     *         ],
                     *         [
                     *           "13:00",
                     *           "22:00"
                     *         ]
                     *       ],
                     *       "SAT": [
                     *         [
                     *           "22:00",
                     *           "02:00"
                     *         ]
                     *       ]
                     *     }
                     */
                    hoursJson?: {
                        [key: string]: string[][];
                    };
                    /** @description An inactive zone denies every tap (Zone inactive) */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated zone */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "outletId": "414ee52f-b8bb-444c-8e1a-824bf463e887",
                     *       "name": "string",
                     *       "description": "string",
                     *       "readerIds": [
                     *         "string"
                     *       ],
                     *       "hoursJson": {
                     *         "MON": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "TUE": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "WED": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "THU": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "FRI": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SAT": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ],
                     *         "SUN": [
                     *           [
                     *             "string",
                     *             "string"
                     *           ]
                     *         ]
                     *       },
                     *       "active": true,
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "deletedAt": "2019-08-24T14:15:22Z",
                     *       "outlet": {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "code": "string"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        outletId: string | null;
                        name: string;
                        description: string | null;
                        /** @description The reader bindings, sorted */
                        readerIds: string[];
                        /** @description Day codes MON…SUN → windows [start, end] of 24-hour HH:MM times in the tenant timezone; a window whose end is earlier than its start runs past midnight. A missing or empty day is closed. Null or omitted: open 24/7 */
                        hoursJson: {
                            MON?: [
                                string,
                                string
                            ][];
                            TUE?: [
                                string,
                                string
                            ][];
                            WED?: [
                                string,
                                string
                            ][];
                            THU?: [
                                string,
                                string
                            ][];
                            FRI?: [
                                string,
                                string
                            ][];
                            SAT?: [
                                string,
                                string
                            ][];
                            SUN?: [
                                string,
                                string
                            ][];
                        } | null;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        outlet: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            code: string;
                        } | null;
                    };
                };
            };
            /** @description Validation failure (hoursJson problems name the day and window) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live zone with this id in the tenant (or, for an OUTLET_MANAGER, in their outlets), or outletId is not an outlet of the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A reader id is already bound to another live zone of the tenant */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessReaders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "readerId": "string",
                     *         "firmwareVersion": "string",
                     *         "ipAddress": "string",
                     *         "firstSeenAt": "2019-08-24T14:15:22Z",
                     *         "lastSeenAt": "2019-08-24T14:15:22Z",
                     *         "online": true,
                     *         "zone": {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        readerId: string;
                        firmwareVersion: string | null;
                        ipAddress: string | null;
                        /** Format: date-time */
                        firstSeenAt: string;
                        /** Format: date-time */
                        lastSeenAt: string;
                        /** @description A heartbeat within the last 15 minutes */
                        online: boolean;
                        /** @description The live zone the reader is bound to */
                        zone: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessGrants: {
        parameters: {
            query?: {
                userId?: string;
                zoneId?: string;
                /** @description Omitted: every status */
                status?: "ACTIVE" | "REVOKED" | "EXPIRED";
                /** @description Default 200, clamped to 1…1000 */
                limit?: number;
                /** @description Default 0 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "userName": "string",
                     *         "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *         "zoneName": "string",
                     *         "status": "ACTIVE",
                     *         "expiresAt": "2019-08-24T14:15:22Z",
                     *         "note": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "revokedAt": "2019-08-24T14:15:22Z",
                     *         "revokeReason": "string"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        userId: string;
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * @description EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)
                         * @enum {string}
                         */
                        status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        note: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        revokedAt: string | null;
                        revokeReason: string | null;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessGrants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                 *       "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                 *       "expiresAt": "2019-08-24T14:15:22Z",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** Format: uuid */
                    zoneId: string;
                    /**
                     * Format: date-time
                     * @description A future instant; omitted means the grant never expires
                     */
                    expiresAt?: string;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The grant */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "userName": "string",
                     *       "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *       "zoneName": "string",
                     *       "status": "ACTIVE",
                     *       "expiresAt": "2019-08-24T14:15:22Z",
                     *       "note": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "revokedAt": "2019-08-24T14:15:22Z",
                     *       "revokeReason": "string"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        userId: string;
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * @description EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)
                         * @enum {string}
                         */
                        status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        note: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        revokedAt: string | null;
                        revokeReason: string | null;
                    };
                };
            };
            /** @description Validation failure, or expiresAt not in the future */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user or zone with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The user already has an active grant for this zone */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessUsersByUserIdGrants: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "userName": "string",
                     *         "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *         "zoneName": "string",
                     *         "status": "ACTIVE",
                     *         "expiresAt": "2019-08-24T14:15:22Z",
                     *         "note": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "revokedAt": "2019-08-24T14:15:22Z",
                     *         "revokeReason": "string"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        userId: string;
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * @description EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)
                         * @enum {string}
                         */
                        status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        note: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        revokedAt: string | null;
                        revokeReason: string | null;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No live user with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessGrantsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "userIds": [
                 *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                 *       ],
                 *       "zoneIds": [
                 *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                 *       ],
                 *       "expiresAt": "2019-08-24T14:15:22Z",
                 *       "note": "string"
                 *     }
                 */
                "application/json": {
                    userIds: string[];
                    zoneIds: string[];
                    /**
                     * Format: date-time
                     * @description A future instant; omitted means the grant never expires
                     */
                    expiresAt?: string;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description What was created and how many pairs were skipped */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 0,
                     *       "skipped": 0,
                     *       "grants": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *           "userName": "string",
                     *           "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *           "zoneName": "string",
                     *           "status": "ACTIVE",
                     *           "expiresAt": "2019-08-24T14:15:22Z",
                     *           "note": "string",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "revokedAt": "2019-08-24T14:15:22Z",
                     *           "revokeReason": "string"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        created: number;
                        /** @description Pairs that already had an active grant */
                        skipped: number;
                        /** @description The created grants, by user then zone in request order */
                        grants: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            tenantId: string;
                            /** Format: uuid */
                            userId: string;
                            userName: string;
                            /** Format: uuid */
                            zoneId: string;
                            zoneName: string;
                            /**
                             * @description EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)
                             * @enum {string}
                             */
                            status: "ACTIVE" | "REVOKED" | "EXPIRED";
                            /** Format: date-time */
                            expiresAt: string | null;
                            note: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            revokedAt: string | null;
                            revokeReason: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation failure (at most 500 users, 200 zones, 10000 pairs), or expiresAt not in the future */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description A user or zone is not a live one of the tenant; the message names it */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A concurrent request granted one of the pairs first */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessGrantsByIdRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "string"
                 *     }
                 */
                "application/json": {
                    /** @description Kept on the grant and written to the REVOKED audit row */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The grant, now REVOKED */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *       "userName": "string",
                     *       "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *       "zoneName": "string",
                     *       "status": "ACTIVE",
                     *       "expiresAt": "2019-08-24T14:15:22Z",
                     *       "note": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "revokedAt": "2019-08-24T14:15:22Z",
                     *       "revokeReason": "string"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /** Format: uuid */
                        userId: string;
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * @description EXPIRED also for a grant still stored as ACTIVE whose expiresAt has passed (it no longer opens doors)
                         * @enum {string}
                         */
                        status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        note: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        revokedAt: string | null;
                        revokeReason: string | null;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such user grant in the tenant (visitor grants are managed through their visitor pass) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The grant is not ACTIVE (already REVOKED or EXPIRED) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteAccessGrantsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such user grant in the tenant (visitor grants are managed through their visitor pass) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessAudit: {
        parameters: {
            query?: {
                /** @description Rows at or after this instant */
                from?: string;
                /** @description Rows at or before this instant */
                to?: string;
                userId?: string;
                zoneId?: string;
                /** @description Default 200; values above 1000 are clamped to 1000 (below 1, to 1) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bare array of audit rows */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *         "credentialId": "string",
                     *         "readerId": "string",
                     *         "eventType": "GRANTED",
                     *         "reason": "string",
                     *         "occurredAt": "2019-08-24T14:15:22Z",
                     *         "source": "string",
                     *         "user": {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "fullName": "string"
                     *         },
                     *         "zone": {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        /**
                         * Format: uuid
                         * @description Null when the credential cannot be tied to a person, and for visitor passes
                         */
                        userId: string | null;
                        /**
                         * Format: uuid
                         * @description Null when the reader is not bound to a zone
                         */
                        zoneId: string | null;
                        /** @description For a REVOKED row, the id of the revoked grant */
                        credentialId: string;
                        /** @description Empty for a REVOKED row (no reader involved) */
                        readerId: string;
                        /** @enum {string} */
                        eventType: "GRANTED" | "DENIED_NO_GRANT" | "DENIED_EXPIRED" | "DENIED_OUTSIDE_HOURS" | "DENIED_ZONE_INACTIVE" | "UNKNOWN_CREDENTIAL" | "UNKNOWN_READER" | "REVOKED";
                        reason: string | null;
                        /** Format: date-time */
                        occurredAt: string;
                        /** @description Tap label from the bridge (default BRIDGE_HTTP); for REVOKED rows ADMIN, ZONE_DELETED or USER_REMOVED */
                        source: string;
                        user: {
                            /** Format: uuid */
                            id: string;
                            fullName: string;
                        } | null;
                        zone: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                    }[];
                };
            };
            /** @description Validation failure, or to before from */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessReportsWhoWhere: {
        parameters: {
            query: {
                /** @description First local day (tenant's timezone), inclusive */
                from: string;
                /** @description Last local day, inclusive; at most 92 days after from, counting both */
                to: string;
                zoneId?: string;
                userId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per (day, user, zone) with at least one GRANTED tap, by day, user name, zone name */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "date": "2019-08-24",
                     *         "userId": "2c4a230c-5085-4924-a3e1-25fb4fc5965b",
                     *         "userName": "string",
                     *         "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *         "zoneName": "string",
                     *         "firstEntryAt": "2019-08-24T14:15:22Z",
                     *         "lastEntryAt": "2019-08-24T14:15:22Z",
                     *         "entries": 0
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /**
                         * Format: date
                         * @description The local day in the tenant's timezone
                         */
                        date: string;
                        /** Format: uuid */
                        userId: string;
                        userName: string;
                        /** Format: uuid */
                        zoneId: string;
                        zoneName: string;
                        /**
                         * Format: date-time
                         * @description First GRANTED tap of the user in the zone that day (UTC)
                         */
                        firstEntryAt: string;
                        /**
                         * Format: date-time
                         * @description Last GRANTED tap of the user in the zone that day (UTC)
                         */
                        lastEntryAt: string;
                        /** @description Number of GRANTED taps that day */
                        entries: number;
                    }[];
                };
            };
            /** @description Validation failure, to before from, or more than 92 days */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential, an EdDSA-signed JWT bound to the caller */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "credentialId": "string",
                     *       "expiresIn": "24h"
                     *     }
                     */
                    "application/json": {
                        /** @description Compact JWS (EdDSA/Ed25519); header `kid` names the signing key. Claims `sub` (user id), `tid`, `typ: user`, `iat`, `exp`, `jti` */
                        credentialId: string;
                        /** @enum {string} */
                        expiresIn: "24h";
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessSigningKeysRotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description New credentials use the new key; those signed with the retired key verify until `retired.verifiesUntil` */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keyId": "468bcefd-6536-4844-8249-aff3ecb2ef7b",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "retired": {
                     *         "keyId": "468bcefd-6536-4844-8249-aff3ecb2ef7b",
                     *         "retiredAt": "2019-08-24T14:15:22Z",
                     *         "verifiesUntil": "2019-08-24T14:15:22Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The new current key; credentials minted from now on carry it as `kid`
                         */
                        keyId: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The key this rotation retired; null when the tenant had none yet */
                        retired: {
                            /** Format: uuid */
                            keyId: string;
                            /** Format: date-time */
                            retiredAt: string;
                            /**
                             * Format: date-time
                             * @description Credentials signed with the retired key keep verifying until this moment
                             */
                            verifiesUntil: string;
                        } | null;
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed (TENANT_OWNER, COMPANY_ADMIN) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every key of the tenant, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "prefix": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "lastUsedAt": "2019-08-24T14:15:22Z",
                     *         "revokedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description `mk_` and the next 4 characters of the key */
                        prefix: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUsedAt: string | null;
                        /** Format: date-time */
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The key, shown only here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "name": "string",
                     *       "key": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description `mk_` and 32 base64url characters. Shown only in this response */
                        key: string;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessApiKeysByIdRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (revoking again answers the first revocation) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "revoked": true,
                     *       "revokedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {boolean} */
                        revoked: true;
                        /**
                         * Format: date-time
                         * @description When the key was first revoked; revoking again changes nothing
                         */
                        revokedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No key with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessVisitors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Passes with their grants; invite codes are never shown again */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string",
                     *         "email": "string",
                     *         "phone": "string",
                     *         "inviteCodePrefix": "string",
                     *         "expiresAt": "2019-08-24T14:15:22Z",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "lastRedeemedAt": "2019-08-24T14:15:22Z",
                     *         "grants": [
                     *           {
                     *             "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *             "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *             "zoneName": "string",
                     *             "status": "ACTIVE"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        email: string | null;
                        phone: string | null;
                        /** @description First 6 characters of the invite code; the code itself is never shown again */
                        inviteCodePrefix: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastRedeemedAt: string | null;
                        grants: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            zoneId: string;
                            zoneName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        }[];
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessVisitors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "zoneIds": [
                 *         "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                 *       ],
                 *       "expiresAt": "2019-08-24T14:15:22Z",
                 *       "email": "user@example.com",
                 *       "phone": "string"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description Live zones of the tenant; an unknown one is 404 */
                    zoneIds: string[];
                    /**
                     * Format: date-time
                     * @description Required; in the future and at most 90 days ahead
                     */
                    expiresAt: string;
                    /**
                     * Format: email
                     * @description The magic link is mailed here
                     */
                    email?: string;
                    /** @description Mobile number; the magic link is sent here by messaging (WhatsApp) */
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description The pass; the invite code is shown only here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "inviteCode": "string",
                     *       "magicLink": "string",
                     *       "expiresAt": "2019-08-24T14:15:22Z",
                     *       "emailSent": true,
                     *       "whatsappSent": true,
                     *       "grants": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *           "zoneName": "string",
                     *           "status": "ACTIVE"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description 24 random bytes, base64url (32 characters). Shown only in this response */
                        inviteCode: string;
                        /** @description `{PUBLIC_APP_URL}/visit/{inviteCode}` */
                        magicLink: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** @description True when an email was given and the mail was handed to the mail server (SMTP_URL) for delivery; false when no mail server is configured (the mail is only written to the local mail drop) or sending failed */
                        emailSent: boolean;
                        /** @description True when a phone was given and a messaging provider accepted the message; false when none is configured (the message is only logged) or it refused */
                        whatsappSent: boolean;
                        grants: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            zoneId: string;
                            zoneName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "REVOKED" | "EXPIRED";
                        }[];
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description A zone is not a live zone of the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteAccessVisitorsByInviteCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invite code, or (for revocation only) the pass id from GET /access/visitors */
                inviteCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "revoked": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        revoked: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No unrevoked pass of the tenant with this code or id */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessVisitorsByInviteCodeRedeem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invite code, or (for revocation only) the pass id from GET /access/visitors */
                inviteCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A visitor credential; redeeming again mints another */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "credentialId": "string",
                     *       "expiresAt": "2019-08-24T14:15:22Z",
                     *       "zones": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string"
                     *         }
                     *       ],
                     *       "visitorName": "string"
                     *     }
                     */
                    "application/json": {
                        /** @description Compact JWS (EdDSA/Ed25519); claims `sub` (visitor pass id), `tid`, `typ: visitor`, `zones`, `iat`, `exp`, `jti` */
                        credentialId: string;
                        /**
                         * Format: date-time
                         * @description The pass's expiresAt or 24 hours from now, whichever is earlier; redeem again for a fresh one
                         */
                        expiresAt: string;
                        /** @description The zones the credential opens */
                        zones: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                        visitorName: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The plan of the tenant that issued the invite does not include access control */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description `Invite not found or expired`: unknown, revoked or expired code alike */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getAccessIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every integration of the tenant */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "provider": "BRIVO",
                     *         "displayName": "string",
                     *         "status": "PENDING",
                     *         "lastSyncAt": "2019-08-24T14:15:22Z",
                     *         "lastError": "string",
                     *         "config": {
                     *           "property1": null,
                     *           "property2": null
                     *         },
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z",
                     *         "webhookUrl": "http://example.com"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        provider: "BRIVO" | "KISI" | "OPENPATH" | "VERKADA";
                        displayName: string;
                        /**
                         * @description PENDING until the first provider call after creation or a config change; then CONNECTED or ERROR by the last test-connection or sync-doors
                         * @enum {string}
                         */
                        status: "PENDING" | "CONNECTED" | "ERROR";
                        /** Format: date-time */
                        lastSyncAt: string | null;
                        lastError: string | null;
                        /** @description The stored config with every secret field shown as `********` */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /**
                         * Format: uri
                         * @description Where the provider posts its events (POST /access/webhooks/:integrationId)
                         */
                        webhookUrl: string;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "provider": "BRIVO",
                 *       "displayName": "string",
                 *       "config": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    provider: "BRIVO" | "KISI" | "OPENPATH" | "VERKADA";
                    displayName: string;
                    /** @description Provider-specific settings, validated for the provider (`baseUrl` and `authUrl` must be https and pass the egress check: public addresses only): BRIVO `{baseUrl?, authUrl?, apiKey, clientId, clientSecret, username, password}`; KISI `{baseUrl?, apiKey, placeId?}`; OPENPATH `{baseUrl?, orgId, email, password}`; VERKADA `{baseUrl?, apiKey, siteId?}`. In a PATCH, a secret field given as `********` keeps its stored value as long as the provider addresses (baseUrl, authUrl) are unchanged. */
                    config: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The integration, with its webhook secret shown only here */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "provider": "BRIVO",
                     *       "displayName": "string",
                     *       "status": "PENDING",
                     *       "lastSyncAt": "2019-08-24T14:15:22Z",
                     *       "lastError": "string",
                     *       "config": {
                     *         "property1": null,
                     *         "property2": null
                     *       },
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "webhookUrl": "http://example.com",
                     *       "webhookSecret": "string"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        provider: "BRIVO" | "KISI" | "OPENPATH" | "VERKADA";
                        displayName: string;
                        /**
                         * @description PENDING until the first provider call after creation or a config change; then CONNECTED or ERROR by the last test-connection or sync-doors
                         * @enum {string}
                         */
                        status: "PENDING" | "CONNECTED" | "ERROR";
                        /** Format: date-time */
                        lastSyncAt: string | null;
                        lastError: string | null;
                        /** @description The stored config with every secret field shown as `********` */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /**
                         * Format: uri
                         * @description Where the provider posts its events (POST /access/webhooks/:integrationId)
                         */
                        webhookUrl: string;
                        /** @description Key of the X-Signature HMAC; returned only in this response */
                        webhookSecret: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description A provider address failed the egress check (not https, does not resolve, or reaches a private, loopback, link-local or cloud-metadata address); nothing was sent */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteAccessIntegrationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No integration with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchAccessIntegrationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "displayName": "string",
                 *       "config": {
                 *         "property1": null,
                 *         "property2": null
                 *       }
                 *     }
                 */
                "application/json": {
                    displayName?: string;
                    /** @description Provider-specific settings, validated for the provider (`baseUrl` and `authUrl` must be https and pass the egress check: public addresses only): BRIVO `{baseUrl?, authUrl?, apiKey, clientId, clientSecret, username, password}`; KISI `{baseUrl?, apiKey, placeId?}`; OPENPATH `{baseUrl?, orgId, email, password}`; VERKADA `{baseUrl?, apiKey, siteId?}`. In a PATCH, a secret field given as `********` keeps its stored value as long as the provider addresses (baseUrl, authUrl) are unchanged. */
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The updated integration */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "provider": "BRIVO",
                     *       "displayName": "string",
                     *       "status": "PENDING",
                     *       "lastSyncAt": "2019-08-24T14:15:22Z",
                     *       "lastError": "string",
                     *       "config": {
                     *         "property1": null,
                     *         "property2": null
                     *       },
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z",
                     *       "webhookUrl": "http://example.com"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        provider: "BRIVO" | "KISI" | "OPENPATH" | "VERKADA";
                        displayName: string;
                        /**
                         * @description PENDING until the first provider call after creation or a config change; then CONNECTED or ERROR by the last test-connection or sync-doors
                         * @enum {string}
                         */
                        status: "PENDING" | "CONNECTED" | "ERROR";
                        /** Format: date-time */
                        lastSyncAt: string | null;
                        lastError: string | null;
                        /** @description The stored config with every secret field shown as `********` */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /**
                         * Format: uri
                         * @description Where the provider posts its events (POST /access/webhooks/:integrationId)
                         */
                        webhookUrl: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No integration with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A provider address failed the egress check (not https, does not resolve, or reaches a private, loopback, link-local or cloud-metadata address); nothing was sent */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessIntegrationsByIdTestConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome; a provider failure is `ok: false` with the reason, also kept as lastError */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "message": "string"
                     *     }
                     */
                    "application/json": {
                        ok: boolean;
                        message: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No integration with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A provider address failed the egress check (not https, does not resolve, or reaches a private, loopback, link-local or cloud-metadata address); nothing was sent; also kept as lastError */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessIntegrationsByIdSyncDoors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The doors after the sync and what changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "doors": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "externalId": "string",
                     *           "name": "string",
                     *           "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *           "zone": {
                     *             "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *             "name": "string"
                     *           },
                     *           "discoveredAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "added": 0,
                     *       "updated": 0,
                     *       "removed": 0
                     *     }
                     */
                    "application/json": {
                        doors: {
                            /** Format: uuid */
                            id: string;
                            externalId: string;
                            name: string;
                            /** Format: uuid */
                            zoneId: string | null;
                            /** @description Null when unmapped or when the mapped zone has been deleted */
                            zone: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            } | null;
                            /** Format: date-time */
                            discoveredAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        added: number;
                        /** @description Known doors whose name changed */
                        updated: number;
                        /** @description Doors the provider no longer lists; deleted with their zone mapping */
                        removed: number;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No integration with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description A provider address failed the egress check (not https, does not resolve, or reaches a private, loopback, link-local or cloud-metadata address); nothing was sent; also kept as lastError */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
            /** @description The provider failed or refused; the reason is in `message` and kept as lastError */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Bad Gateway",
                     *       "error": "Bad Gateway",
                     *       "statusCode": 502
                     *     }
                     */
                    "application/json": components["schemas"]["Error502"];
                };
            };
        };
    };
    getAccessIntegrationsByIdDoors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every door of the integration */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "externalId": "string",
                     *         "name": "string",
                     *         "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *         "zone": {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "name": "string"
                     *         },
                     *         "discoveredAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        externalId: string;
                        name: string;
                        /** Format: uuid */
                        zoneId: string | null;
                        /** @description Null when unmapped or when the mapped zone has been deleted */
                        zone: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        /** Format: date-time */
                        discoveredAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No integration with this id in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessIntegrationsByIdDoorsByDoorIdMap: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                doorId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    zoneId: string | null;
                };
            };
        };
        responses: {
            /** @description The door */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "externalId": "string",
                     *       "name": "string",
                     *       "zoneId": "c3920607-5069-4ac3-ba10-00754e7a8e8b",
                     *       "zone": {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "name": "string"
                     *       },
                     *       "discoveredAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        externalId: string;
                        name: string;
                        /** Format: uuid */
                        zoneId: string | null;
                        /** @description Null when unmapped or when the mapped zone has been deleted */
                        zone: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } | null;
                        /** Format: date-time */
                        discoveredAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such integration, door of it, or live zone in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postAccessWebhooksByIntegrationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed and accepted, also when every event was dropped */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "received": true,
                     *       "recorded": 0
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        /** @description Audit rows written; events of unmapped doors, unknown events and redeliveries are dropped */
                        recorded: number;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing or wrong signature, or no such integration (not told apart) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description The plan does not include access control (FREE, BASIC) */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Payment Required",
                     *       "error": "Payment Required",
                     *       "statusCode": 402
                     *     }
                     */
                    "application/json": components["schemas"]["Error402"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every subscription of the tenant */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *         "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *         "name": "string",
                     *         "url": "string",
                     *         "events": [
                     *           "user.created"
                     *         ],
                     *         "secret": "string",
                     *         "active": true,
                     *         "failureCount": 0,
                     *         "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *         "lastFailureAt": "2019-08-24T14:15:22Z",
                     *         "lastFailureReason": "string",
                     *         "createdAt": "2019-08-24T14:15:22Z",
                     *         "updatedAt": "2019-08-24T14:15:22Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        url: string;
                        events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                        /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                        secret: string;
                        active: boolean;
                        /** @description Consecutive failed attempts; the tenth switches the subscription off */
                        failureCount: number;
                        /** Format: date-time */
                        lastSuccessAt: string | null;
                        /** Format: date-time */
                        lastFailureAt: string | null;
                        lastFailureReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "url": "string",
                 *       "events": [
                 *         "string"
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    url: string;
                    /** @description Event codes from GET /webhooks/events, each at most once */
                    events: string[];
                };
            };
        };
        responses: {
            /** @description The subscription with its full secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "url": "string",
                     *       "events": [
                     *         "user.created"
                     *       ],
                     *       "secret": "string",
                     *       "active": true,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureReason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        url: string;
                        events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                        /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                        secret: string;
                        active: boolean;
                        /** @description Consecutive failed attempts; the tenth switches the subscription off */
                        failureCount: number;
                        /** Format: date-time */
                        lastSuccessAt: string | null;
                        /** Format: date-time */
                        lastFailureAt: string | null;
                        lastFailureReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description The tenant already has the maximum of 50 subscriptions */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getWebhooksEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The 20 codes, in catalog order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         "string"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        events: string[];
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getWebhooksDeliveriesDeadCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "dead": 0
                     *     }
                     */
                    "application/json": {
                        dead: number;
                    };
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postWebhooksDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the attempt */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "requeued": true,
                     *       "status": "DELIVERED"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        requeued: boolean;
                        /** @enum {string} */
                        status: "DELIVERED" | "FAILED" | "DEAD";
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such delivery in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "url": "string",
                 *       "events": [
                 *         "string"
                 *       ],
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    url?: string;
                    /** @description Event codes from GET /webhooks/events, each at most once */
                    events?: string[];
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The subscription, secret masked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "url": "string",
                     *       "events": [
                     *         "user.created"
                     *       ],
                     *       "secret": "string",
                     *       "active": true,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureReason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        url: string;
                        events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                        /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                        secret: string;
                        active: boolean;
                        /** @description Consecutive failed attempts; the tenth switches the subscription off */
                        failureCount: number;
                        /** Format: date-time */
                        lastSuccessAt: string | null;
                        /** Format: date-time */
                        lastFailureAt: string | null;
                        lastFailureReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postWebhooksByIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new full secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "secret": "string"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The new full secret; the old one stops at once */
                        secret: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the receiver answered; a failing receiver is still 201 with ok false */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "status": 0,
                     *       "bodyExcerpt": "string"
                     *     }
                     */
                    "application/json": {
                        ok: boolean;
                        /** @description The receiver's HTTP status, or 0 without a response */
                        status: number;
                        /** @description First 500 characters of the response body, or the error message */
                        bodyExcerpt: string;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed, or a plan without webhooks (message `Your <PLAN> plan does not include webhooks. Upgrade at /admin/billing.`) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                status?: "PENDING" | "DELIVERED" | "FAILED" | "DEAD";
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest `limit` deliveries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "webhookId": "ed71eef4-4c34-46dc-81fe-954e560454fd",
                     *           "eventType": "string",
                     *           "payload": {
                     *             "property1": null,
                     *             "property2": null
                     *           },
                     *           "status": "PENDING",
                     *           "attempts": 0,
                     *           "maxAttempts": 0,
                     *           "nextAttemptAt": "2019-08-24T14:15:22Z",
                     *           "lastError": "string",
                     *           "lastResponseStatus": 0,
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z",
                     *           "deliveredAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "count": 0
                     *     }
                     */
                    "application/json": {
                        deliveries: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            tenantId: string;
                            /** Format: uuid */
                            webhookId: string;
                            eventType: string;
                            payload: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            status: "PENDING" | "DELIVERED" | "FAILED" | "DEAD";
                            attempts: number;
                            maxAttempts: number;
                            /** Format: date-time */
                            nextAttemptAt: string;
                            /** @description Null until the first failed attempt */
                            lastError: string | null;
                            /** @description 0 when an attempt got no HTTP response; null before any attempt */
                            lastResponseStatus: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            deliveredAt: string | null;
                        }[];
                        /** @description Rows in this response, not a total */
                        count: number;
                    };
                };
            };
            /** @description Validation failure */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Role not allowed */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of subscriptions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *           "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *           "name": "string",
                     *           "url": "string",
                     *           "events": [
                     *             "user.created"
                     *           ],
                     *           "secret": "string",
                     *           "active": true,
                     *           "failureCount": 0,
                     *           "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *           "lastFailureAt": "2019-08-24T14:15:22Z",
                     *           "lastFailureReason": "string",
                     *           "createdAt": "2019-08-24T14:15:22Z",
                     *           "updatedAt": "2019-08-24T14:15:22Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            tenantId: string;
                            name: string;
                            url: string;
                            events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                            /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                            secret: string;
                            active: boolean;
                            /** @description Consecutive failed attempts; the tenth switches the subscription off */
                            failureCount: number;
                            /** Format: date-time */
                            lastSuccessAt: string | null;
                            /** Format: date-time */
                            lastFailureAt: string | null;
                            lastFailureReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPublicWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "url": "string",
                 *       "events": [
                 *         "string"
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    url: string;
                    /** @description Event codes from GET /webhooks/events, each at most once */
                    events: string[];
                };
            };
        };
        responses: {
            /** @description The subscription with its full secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "url": "string",
                     *       "events": [
                     *         "user.created"
                     *       ],
                     *       "secret": "string",
                     *       "active": true,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureReason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        url: string;
                        events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                        /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                        secret: string;
                        active: boolean;
                        /** @description Consecutive failed attempts; the tenth switches the subscription off */
                        failureCount: number;
                        /** Format: date-time */
                        lastSuccessAt: string | null;
                        /** Format: date-time */
                        lastFailureAt: string | null;
                        lastFailureReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description The tenant already has the maximum of 50 subscriptions */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Conflict",
                     *       "error": "Conflict",
                     *       "statusCode": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error409"];
                };
            };
            /** @description The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    deletePublicWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    patchPublicWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "string",
                 *       "url": "string",
                 *       "events": [
                 *         "string"
                 *       ],
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    url?: string;
                    /** @description Event codes from GET /webhooks/events, each at most once */
                    events?: string[];
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The subscription, secret masked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "tenantId": "f97df110-f4de-492e-8849-4a6af68026b0",
                     *       "name": "string",
                     *       "url": "string",
                     *       "events": [
                     *         "user.created"
                     *       ],
                     *       "secret": "string",
                     *       "active": true,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureAt": "2019-08-24T14:15:22Z",
                     *       "lastFailureReason": "string",
                     *       "createdAt": "2019-08-24T14:15:22Z",
                     *       "updatedAt": "2019-08-24T14:15:22Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        tenantId: string;
                        name: string;
                        url: string;
                        events: ("user.created" | "user.terminated" | "shift.assigned" | "shift.completed" | "shift.released" | "shift.claimed" | "leave.requested" | "leave.approved" | "leave.rejected" | "issue.created" | "issue.resolved" | "payroll.approved" | "payroll.finalized" | "payroll.paid" | "course.completed" | "contract.created" | "contract.updated" | "contract.ended" | "disciplinary.issued" | "offboarding.settled")[];
                        /** @description The full `whsec_…` secret on create; everywhere else masked as `whsec_••••` plus its last 4 characters */
                        secret: string;
                        active: boolean;
                        /** @description Consecutive failed attempts; the tenth switches the subscription off */
                        failureCount: number;
                        /** Format: date-time */
                        lastSuccessAt: string | null;
                        /** Format: date-time */
                        lastFailureAt: string | null;
                        lastFailureReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description The url failed the egress check (does not resolve, or reaches a private, loopback, link-local or cloud-metadata address) */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unprocessable Entity",
                     *       "error": "Unprocessable Entity",
                     *       "statusCode": 422
                     *     }
                     */
                    "application/json": components["schemas"]["Error422"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    postPublicWebhooksByIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new full secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "497f6eca-6276-4993-bfeb-53cbbbba6f08",
                     *       "secret": "string"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The new full secret; the old one stops at once */
                        secret: string;
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description No such subscription in the tenant */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not Found",
                     *       "error": "Not Found",
                     *       "statusCode": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error404"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
    getPublicWebhookCatalog: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the catalog, in catalog order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "code": "string",
                     *           "group": "string",
                     *           "description": "string",
                     *           "firesWhen": "string",
                     *           "doesNotFireWhen": "string",
                     *           "samplePayload": {
                     *             "property1": null,
                     *             "property2": null
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 0,
                     *         "offset": 0,
                     *         "count": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            code: string;
                            group: string;
                            description: string;
                            firesWhen: string;
                            doesNotFireWhen: string | null;
                            samplePayload: {
                                [key: string]: unknown;
                            };
                        }[];
                        pagination: {
                            limit: number;
                            offset: number;
                            count: number;
                        };
                    };
                };
            };
            /** @description Validation failure, or an undeclared query parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": [
                     *         "name is required"
                     *       ],
                     *       "error": "Bad Request",
                     *       "statusCode": 400
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No valid developer API key or OAuth access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Unauthorized",
                     *       "statusCode": 401
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description Plan without the developer API (ModuleNotEntitled), the Public Developer API switched off, or the scope missing */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Forbidden",
                     *       "error": "Forbidden",
                     *       "statusCode": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Error403"];
                };
            };
            /** @description Too many requests: wait Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "ThrottlerException: Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["TooManyRequestsError"];
                };
            };
        };
    };
}
