import { INTERFACE_LIMITS } from '@/constants';
import { formatNumber } from '@/locales';
import type { Translation } from '@/locales';
import type { ADMIN_INTERFACE_TEXTS } from './texts';

const noun = (count: number) => (count === 1 ? 'interface' : 'interfaces');
/** "1 interface", "3 interfaces". */
const interfaces = (count: number) => `${formatNumber(count)} ${noun(count)}`;
/** "the 3 selected interfaces". */
const theSelected = (count: number) => `the ${formatNumber(count)} selected ${noun(count)}`;

export const adminInterface: Translation<typeof ADMIN_INTERFACE_TEXTS> = {
  columns: {
    id: 'ID',
    name: 'Name',
    description: 'Description',
    url: 'URL',
    method: 'Method',
    requestParams: 'Request parameters',
    requestHeader: 'Request headers',
    responseHeader: 'Response headers',
    status: 'Status',
    createTime: 'Created',
    updateTime: 'Updated',
    actions: 'Actions',
  },
  // "Edit  Take offline  Delete" on one line.
  actionsWidth: 210,
  status: { online: 'Online', offline: 'Offline' },
  create: 'Create interface',
  edit: 'Edit',
  publish: 'Publish',
  offline: 'Take offline',
  delete: 'Delete',

  offlineConfirm: 'Take this interface offline?',
  offlineConfirmHint: 'Once it is offline, users can no longer see or call it.',
  deleteConfirm: (name) => `Delete the interface “${name}”?`,
  deleteConfirmHint: 'This cannot be undone.',
  confirmOffline: 'Take offline',
  confirmDelete: 'Delete',
  cancel: 'Cancel',

  published: 'Published: users can see it now',
  tookOffline: 'Taken offline: users no longer see it',
  deleted: 'Deleted',
  created: 'Created. The interface is offline; users see it once it is published',
  saved: 'Saved',
  gone: 'This interface has been deleted; the list is refreshed',

  selected: (count) => `${formatNumber(count)} selected`,
  selectRow: (name) => `Select ${name}`,
  clearSelection: 'Clear selection',
  batchPublish: 'Publish selected',
  batchOffline: 'Take selected offline',
  batchDelete: 'Delete selected',
  batchPublishConfirm: (selected, count) =>
    selected === count
      ? `Publish ${theSelected(count)}?`
      : `${formatNumber(selected)} selected, ${formatNumber(count)} of them offline: publish ${count === 1 ? 'it' : `these ${formatNumber(count)}`}?`,
  batchOfflineConfirm: (selected, count) =>
    selected === count
      ? `Take ${theSelected(count)} offline?`
      : `${formatNumber(selected)} selected, ${formatNumber(count)} of them online: take ${count === 1 ? 'it' : `these ${formatNumber(count)}`} offline?`,
  batchDeleteConfirm: (selected) => `Delete ${theSelected(selected)}?`,
  publishConfirmHint: 'Once published, users can see and call them.',
  confirmPublish: 'Publish',
  nothingToPublish: 'The selected interfaces are all online already',
  nothingToOffline: 'The selected interfaces are all offline already',
  batchPublishDone: (count) => `Published ${interfaces(count)}`,
  batchOfflineDone: (count) => `Took ${interfaces(count)} offline`,
  batchDeleteDone: (count) => `Deleted ${interfaces(count)}`,
  batchPublishPartial: (done, failed, which) =>
    `Published ${interfaces(done)}, ${formatNumber(failed)} failed: ${which}`,
  batchOfflinePartial: (done, failed, which) =>
    `Took ${interfaces(done)} offline, ${formatNumber(failed)} failed: ${which}`,
  batchDeletePartial: (done, failed, which) =>
    `Deleted ${interfaces(done)}, ${formatNumber(failed)} failed: ${which}`,
  batchGone: 'already deleted',
  batchFailure: (name, reason) => `“${name}”: ${reason}`,
  batchFailureSeparator: '; ',
  batchDisabled: (label, reason) => `${label}: ${reason}`,

  fullId: (id) => `ID: ${id}`,
  copyId: 'Copy full ID',
  copyUrl: 'Copy URL',
  copied: 'Copied',

  form: {
    createTitle: 'Create interface',
    editTitle: (name) => `Edit interface: ${name}`,
    submitCreate: 'Create',
    submitEdit: 'Save',
    cancel: 'Cancel',
    namePlaceholder: 'e.g. Weather lookup',
    urlPlaceholder: 'https://api.example.com/v1/weather',
    urlHint: `A full address starting with http:// or https://, at most ${INTERFACE_LIMITS.urlMax} characters`,
    descriptionPlaceholder: 'What this interface does and what to mind when calling it',
    methodPlaceholder: 'Choose a request method',
    jsonHint: 'Leave empty or enter JSON',
    paramsHint: 'The table and the JSON are two ways to edit the same parameters; leave empty for none',
    requestHeaderPlaceholder: '{\n  "Content-Type": "application/json"\n}',
    responseHeaderPlaceholder: '{\n  "Content-Type": "application/json"\n}',
    requestParamsPlaceholder:
      '[\n  { "name": "city", "type": "string", "required": true, "description": "City" }\n]',
    discardTitle: 'Discard unsaved changes?',
    discardContent: 'If you close the form, what you entered is not saved.',
    discardOk: 'Discard changes',
    discardCancel: 'Keep editing',
    loadFailed: 'Could not load the interface',
    retry: 'Retry',
    saveFailed: 'Could not save',
    goneWhileEditing: 'This interface has been deleted and cannot be saved; the list is refreshed.',
    rateLimit: 'Rate limit (calls/s)',
    rateLimitHint: 'The most calls per second for each caller; 0 for no rate limit',
    rateBurst: 'Burst',
    rateBurstHint: 'The most calls each caller may make at once, at least the rate limit; empty: equal to the rate limit',
    deprecated: 'Mark as deprecated',
    deprecatedHint: 'Answers carry Deprecation, Sunset and Link headers; users who called it in the last 30 days are notified',
    sunsetDate: 'Sunset date',
    sunsetDateHint: 'From this day on, calls answer 410 Gone and name the replacement',
    replacement: 'Replacement',
    replacementPlaceholder: 'Search interfaces by name',
    replacementHint: 'Callers see it in the Link header and in the 410 message',
  },

  lifecycle: {
    deprecated: 'Deprecated',
    sunset: (date) => `Sunset ${date}`,
  },

  exportOpenApi: 'Export OpenAPI',
  exportSelected: 'Export selected',
  exported: 'OpenAPI document exported',
  exportFailed: 'Export failed',

  importOpenApi: 'Import',
  import: {
    title: 'Import an OpenAPI / Swagger document',
    source: 'Source',
    paste: 'Paste',
    upload: 'Upload file',
    url: 'From URL',
    urlLabel: 'Document URL',
    pasteLabel: 'Document',
    pastePlaceholder: 'Paste an OpenAPI 3.0, 3.1 or Swagger 2.0 document (JSON or YAML)',
    chooseFile: 'Choose file',
    uploadHint: 'JSON or YAML, at most 5 MB',
    fileChosen: (name) => `Read ${name}`,
    fileTooLarge: 'The file is larger than 5 MB',
    urlPlaceholder: 'https://example.com/openapi.json',
    urlHint: 'Fetched under the same rules as interface calls: no internal addresses, no redirects, at most 5 MB',
    baseUrl: 'Base URL',
    baseUrlPlaceholder: 'https://api.example.com',
    baseUrlHint: 'Used to build the interface URLs when the document’s server is relative or missing',
    baseUrlNeeded: 'The document has no full server address: enter a base URL and preview again',
    sourceMissing: 'Paste a document, choose a file or enter its URL first',
    preview: 'Preview',
    errorsTitle: (count) => `The document is not valid (${formatNumber(count)} ${count === 1 ? 'error' : 'errors'}); nothing will be imported`,
    errorWhere: (path) => path || 'document',
    summary: (create, update, skip) =>
      `${formatNumber(create)} to create, ${formatNumber(update)} to update, ${formatNumber(skip)} skipped`,
    columns: { include: 'Import', action: 'Result', name: 'Name', method: 'Method', url: 'URL', detail: 'Details' },
    actions: { create: 'Create', update: 'Update', skip: 'Skip' },
    includeRow: (name) => `Import ${name}`,
    changed: (fields) => `Changes: ${fields}`,
    listSep: ', ',
    detailSep: '; ',
    field: 'Field',
    before: 'Before',
    emptyValue: '(empty)',
    after: 'After',
    deprecatedField: 'Deprecated',
    submit: (count) => `Import ${interfaces(count)}`,
    done: (created, updated) =>
      `Imported ${interfaces(created + updated)}: ${formatNumber(created)} created (offline), ${formatNumber(updated)} updated`,
    failed: 'Import failed',
    cancel: 'Cancel',
  },

  params: {
    rows: 'Table',
    json: 'JSON',
    name: 'Name',
    type: 'Type',
    required: 'Required',
    description: 'Description',
    actions: 'Actions',
    add: 'Add parameter',
    remove: 'Remove',
    empty: 'No parameters',
    rowLabel: (column, row) => `${column} (row ${row})`,
    notRows: 'This cannot be edited as a table; change it in the JSON: ',
    toJson: 'Switch to JSON',
    notArray: 'The request parameters are not an array',
    itemNotObject: (row) => `Item ${row} is not an object`,
    badKey: (row, key, kind) => `Item ${row}: ${key} should be ${kind}`,
    kindText: 'text',
    kindBoolean: 'true or false',
  },
};
