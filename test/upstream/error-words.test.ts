// The walk that finds the human text of a JSON error body of any shape (src/upstream/error-words.ts), read
// through errorReason: keys of words in any case, lists of errors at any depth, field maps, codes and
// internals never read.
import { errorReason } from '../../src/upstream/error-reason';

describe('the words of an error body, whatever its shape', () => {
  it.each<[string, unknown, ReturnType<typeof errorReason>]>([
    [
      "Xero's Elements[].ValidationErrors[].Message under a Message, past the echoed record's Name and Description",
      { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: [{ Name: 'Foobar', Description: 'Hello World', ValidationErrors: [{ Message: 'Please enter a unique Name.' }] }] },
      { text: 'A validation exception occurred: Please enter a unique Name.' },
    ],
    ["Xero's Title and Detail: the Detail", { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'AuthenticationUnsuccessful', Extensions: {} }, { text: 'AuthenticationUnsuccessful' }],
    ['keys in capitals', { MESSAGE: 'Quota exceeded for today' }, { text: 'Quota exceeded for today' }],
    [
      "Google's error with details[].fieldViolations",
      { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'event.start', description: 'Start time is required' }] }] } },
      { text: 'Request contains an invalid argument: Start time is required', field: 'event.start' },
    ],
    [
      "Google's ErrorInfo: its reason is a constant, left out beside the message",
      { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }] } },
      { text: 'API key not valid. Please pass a valid API key.' },
    ],
    ["FastAPI's detail[] with loc and msg", { detail: [{ loc: ['body', 'email'], msg: 'field required', type: 'value_error.missing' }] }, { text: 'field required', field: 'email' }],
    ["Django REST's field map", { email: ['This field may not be blank.'], name: ['Ensure this field has no more than 10 characters.'] }, { text: 'This field may not be blank; Ensure this field has no more than 10 characters', field: 'email' }],
    ["Rails' errors map of lists", { errors: { title: ["can't be blank", 'is too short'] } }, { text: "can't be blank; is too short", field: 'title' }],
    ["Salesforce's list at the top", [{ message: 'Required fields are missing: [Name]', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['Name'] }], { text: 'Required fields are missing: [Name]', field: 'Name' }],
    ["Apigee's fault", { fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } } }, { text: 'Invalid ApiKey' }],
    ['nested lists of items', { message: 'Invalid order', errors: [{ field: 'items', errors: [{ message: 'quantity must be positive' }, 'price is required'] }] }, { text: 'Invalid order: quantity must be positive; price is required', field: 'items' }],
    ["an error object's name is its class, not a field", { error: { name: 'ValidationError', message: 'amount is required' } }, { text: 'amount is required' }],
    ['a .NET exception: the message, never the exception or its stack', { Message: 'An error has occurred.', ExceptionMessage: 'Timeout on db-7', StackTrace: '   at Orders.Save()' }, { text: 'An error has occurred.' }],
    ['a stack inside a message is cut', { message: 'Error: bad date\n    at parse (/srv/app.js:10:5)' }, { text: 'Error: bad date' }],
    ['a Python traceback is cut', { detail: 'bad date Traceback (most recent call last):\n  File "/srv/app.py", line 3' }, { text: 'bad date' }],
    ['codes and ids only', { code: 'E42', requestId: 'abc', errorContext: { traceId: 'f00' } }, undefined],
    ['an id map under an error key is no field map', { errorContext: { requestId: 'abc' } }, undefined],
  ])('%s', (_shape, body, expected) => {
    expect(errorReason(body)).toEqual(expected);
  });

  it('a body nested past the depth bound or listing hundreds of errors stays bounded', () => {
    let deep: Record<string, unknown> = { errors: [{ message: 'too deep' }] };
    for (let i = 0; i < 20; i += 1) deep = { wrap: deep };
    expect(errorReason(deep)).toBeUndefined();
    const many = { errors: Array.from({ length: 500 }, (_, i) => ({ message: `error ${i}` })) };
    expect(errorReason(many)).toEqual({ text: 'error 0; error 1; error 2' });
  });
});
