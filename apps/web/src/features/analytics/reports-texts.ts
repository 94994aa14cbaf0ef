const kilobytes = new Intl.NumberFormat('en-IN');

/** The Reports page's texts (the spec does not show this page; issue 14 item 5). */
export const REPORTS_TEXT = {
  title: 'Reports',
  description: 'Download attendance, marks, library and placement reports as Excel (.xlsx) or CSV files.',
  loadFailed: 'Could not load the reports.',
  format: 'Format',
  xlsx: 'Excel (.xlsx)',
  csv: 'CSV',
  download: 'Download',
  choose: 'Choose…',
  all: 'All',
  downloading: 'Downloading…',
  downloadProgress: (name: string) => `Downloading ${name}`,
  received: (kb: number) => `${kilobytes.format(kb)} KB received`,
  downloaded: (file: string) => `Downloaded ${file}`,
  downloadFailed: 'The report could not be downloaded.',
} as const;
