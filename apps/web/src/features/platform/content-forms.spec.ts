import {
  companyFormErrors,
  eventFormErrors,
  eventFormOf,
  eventServerErrors,
  eventState,
  isoToLocalInput,
  localInputToIso,
  productFormErrors,
  supportFormErrors,
  termsFormErrors,
  toEventInput,
  toProductInput,
  type EventFormValues,
} from './content-forms';

describe('datetime-local text and ISO instants', () => {
  it('reads and writes in the browser time zone', () => {
    const local = new Date(2026, 0, 5, 9, 30);
    expect(localInputToIso('2026-01-05T09:30')).toBe(local.toISOString());
    expect(isoToLocalInput(local.toISOString())).toBe('2026-01-05T09:30');
  });

  it('goes back and forth without drifting', () => {
    const iso = new Date(2026, 10, 28, 23, 59).toISOString();
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });

  it('gives nothing for text that is not a date and time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-01-05')).toBeNull();
    expect(localInputToIso('05/01/2026 09:30')).toBeNull();
    expect(isoToLocalInput('not a date')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
  });
});

describe('update event form', () => {
  const valid: EventFormValues = {
    note: ' New OLT driver ',
    description: 'Faster polling.\n\nSee the report.',
    reportLink: 'https://example.com/report',
    startsAt: '2026-03-01T10:00',
    endsAt: '2026-03-06T10:00',
  };

  it('accepts a note with a window and sends instants', () => {
    expect(eventFormErrors(valid)).toEqual({});
    expect(toEventInput(valid)).toEqual({
      note: 'New OLT driver',
      description: 'Faster polling.\n\nSee the report.',
      reportLink: 'https://example.com/report',
      startsAt: new Date(2026, 2, 1, 10, 0).toISOString(),
      endsAt: new Date(2026, 2, 6, 10, 0).toISOString(),
    });
  });

  it('needs the end after the start', () => {
    expect(eventFormErrors({ ...valid, endsAt: '2026-03-01T10:00' })).toEqual({
      endsAt: 'The end must be after the start',
    });
    expect(eventFormErrors({ ...valid, endsAt: '2026-02-28T10:00' })).toEqual({
      endsAt: 'The end must be after the start',
    });
  });

  it('needs a note, both times, and a safe report link when one is given', () => {
    expect(
      eventFormErrors({
        note: '',
        description: '',
        reportLink: 'javascript:alert(1)',
        startsAt: '',
        endsAt: '',
      }),
    ).toEqual({
      note: 'Please enter the update note',
      reportLink: 'Enter an https:// link or a path on this server (/…)',
      startsAt: 'Enter when the event starts',
      endsAt: 'Enter when the event ends',
    });
    expect(eventFormErrors({ ...valid, reportLink: '' })).toEqual({});
    expect(eventFormErrors({ ...valid, reportLink: '/reports/7' })).toEqual({});
    expect(eventFormErrors({ ...valid, note: 'x'.repeat(201) })).toEqual({ note: 'At most 200 characters' });
  });

  it('starts a new event now and runs it five days', () => {
    const now = new Date(2026, 3, 10, 8, 15, 42).getTime();
    expect(eventFormOf(null, now)).toEqual({
      note: '',
      description: '',
      reportLink: '',
      startsAt: '2026-04-10T08:15',
      endsAt: '2026-04-15T08:15',
    });
  });

  it('maps server errors onto the fields', () => {
    expect(eventServerErrors({ endsAt: 'must be after startsAt', foo: 'x' })).toEqual({
      endsAt: 'must be after startsAt',
    });
  });

  it('tells scheduled, running and ended events apart', () => {
    const e = { startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-02T00:00:00.000Z' };
    expect(eventState(e, Date.parse('2026-02-28T23:59:59Z'))).toBe('scheduled');
    expect(eventState(e, Date.parse('2026-03-01T00:00:00Z'))).toBe('running');
    expect(eventState(e, Date.parse('2026-03-02T00:00:00Z'))).toBe('ended');
  });
});

describe('content forms', () => {
  it('takes the phone characters the API takes', () => {
    expect(supportFormErrors({ phone: '(02) 955 1234', email: '', chatLink: '' })).toEqual({
      phone: 'Only digits, +, spaces and dashes',
    });
    expect(supportFormErrors({ phone: '+-', email: '', chatLink: '' })).toEqual({
      phone: 'Only digits, +, spaces and dashes',
    });
  });

  it('checks the support contact lines, each optional', () => {
    expect(supportFormErrors({ phone: '', email: '', chatLink: '' })).toEqual({});
    expect(
      supportFormErrors({
        phone: '+880 1700-000000',
        email: 'help@isp.example',
        chatLink: 'https://wa.me/880',
      }),
    ).toEqual({});
    expect(supportFormErrors({ phone: 'call me', email: 'nope', chatLink: 'http://wa.me/880' })).toEqual({
      phone: 'Only digits, +, spaces and dashes',
      email: 'Enter a valid email address',
      chatLink: 'Enter an https:// link or a path on this server (/…)',
    });
  });

  it('limits the terms', () => {
    expect(termsFormErrors({ title: 'Terms', content: 'x'.repeat(50000) })).toEqual({});
    expect(termsFormErrors({ title: 'x'.repeat(201), content: 'x'.repeat(50001) })).toEqual({
      title: 'At most 200 characters',
      content: 'At most 50000 characters',
    });
  });

  it('takes company links the API takes: https or a path here, never another scheme', () => {
    expect(companyFormErrors({ companyName: 'PonDesk', facebookPage: '', playStoreApp: '' })).toEqual({});
    expect(
      companyFormErrors({
        companyName: 'PonDesk',
        facebookPage: '/fb',
        playStoreApp: 'https://play.google.com/x',
      }),
    ).toEqual({});
    expect(
      companyFormErrors({
        companyName: 'PonDesk',
        facebookPage: 'http://facebook.com/x',
        playStoreApp: 'javascript:alert(1)',
      }),
    ).toEqual({
      facebookPage: 'Enter an https:// link or a path on this server (/…)',
      playStoreApp: 'Enter an https:// link or a path on this server (/…)',
    });
  });

  it('needs a service name and a link; the photo is optional', () => {
    const service = {
      name: ' Fibre CRM ',
      description: 'CRM',
      photoUrl: '/api/v1/photos/crm.png',
      link: 'https://crm.example',
      sortOrder: '3',
    };
    expect(productFormErrors(service)).toEqual({});
    expect(toProductInput(service)).toEqual({
      name: 'Fibre CRM',
      description: 'CRM',
      photoUrl: '/api/v1/photos/crm.png',
      link: 'https://crm.example',
      sortOrder: 3,
    });
    expect(
      productFormErrors({
        name: '',
        description: '',
        photoUrl: 'data:image/png;base64,AA',
        link: '',
        sortOrder: 'x',
      }),
    ).toEqual({
      name: 'Please enter the service name',
      photoUrl: 'Enter an https:// link or a path on this server (/…)',
      link: 'Please enter the link the Open button goes to',
      sortOrder: 'A whole number from 0 to 9999',
    });
  });
});
