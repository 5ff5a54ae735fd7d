import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { AnkiImportDialog, ImportSummary } from './AnkiImportDialog.tsx';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const PACKAGE = new File([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9])], 'geo.apkg');

describe('Anki import dialog', () => {
  test('sends the file as multipart with the token, then shows the summary', async () => {
    server.handle(() => ({
      status: 201,
      body: {
        desks: [{ id: 5, name: 'Geo::Capitals', cards: 2 }],
        cards_imported: 2,
        reviews_imported: 7,
        skipped: [{ note_id: 9, reason: 'cloze' }],
      },
    }));
    renderWithProviders(<AnkiImportDialog open onClose={() => {}} initialFile={PACKAGE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Imported 1 deck, 2 cards and 7 reviews.');
    expect(status.textContent).toContain('1 cloze note');
    expect(screen.getByRole('link', { name: 'Geo::Capitals' }).getAttribute('href')).toBe(
      '/space-repetition/5',
    );
    const [sent] = server.hits('/be/api/space-repetition/anki-import/');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe('Bearer token');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('filename="geo.apkg"');
  });

  test.each([
    [
      'en',
      [
        '6 notes were skipped:',
        '1 cloze note',
        '1 note with an empty side',
        '1 note with a media file the package lacks (left out)',
        '1 note with a media file that is no image or sound (left out)',
        '1 note whose card template cannot be imported',
        '1 card with a side over 5000 characters',
      ],
    ],
    [
      'es',
      [
        'Se omitieron 6 notas:',
        '1 nota de huecos (cloze)',
        '1 nota con un lado vacío',
        '1 nota con un archivo que falta en el paquete (omitido)',
        '1 nota con un archivo que no es imagen ni sonido (omitido)',
        '1 nota cuya plantilla de tarjeta no se puede importar',
        '1 tarjeta con un lado de más de 5000 caracteres',
      ],
    ],
  ] as const)('names every reason a note is skipped (%s)', (locale, lines) => {
    const reasons = [
      'cloze',
      'empty',
      'missing_media',
      'unsupported_media',
      'unsupported_template',
      'too_long',
    ] as const;
    renderWithProviders(
      <ImportSummary
        summary={{
          desks: [],
          cards_imported: 0,
          reviews_imported: 0,
          skipped: reasons.map((reason, i) => ({ note_id: i, reason })),
        }}
      />,
      { locale },
    );
    const texts = [...screen.getByRole('status').querySelectorAll('p, li')].map(
      (e) => e.textContent,
    );
    expect(texts.slice(1)).toEqual(lines);
  });

  test("shows the refused package's reason from its field code, in Spanish too", async () => {
    server.handle(() => ({
      status: 400,
      body: {
        detail: 'Some fields are not valid.',
        code: 'validation_error',
        fields: { file: ['The zip holds no Anki collection.'] },
        field_codes: { file: ['anki_no_collection'] },
      },
    }));
    renderWithProviders(<AnkiImportDialog open onClose={() => {}} initialFile={PACKAGE} />, {
      locale: 'es',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este paquete no contiene ninguna colección de Anki.',
    );
  });

  test('sends a CSV file to the CSV import and shows its new deck', async () => {
    server.handle(() => ({
      status: 201,
      body: {
        desks: [{ id: 8, name: 'words', cards: 2 }],
        cards_imported: 2,
        reviews_imported: 0,
        skipped: [],
      },
    }));
    const csv = new File(['front,back\nOne,Uno\nTwo,Dos\n'], 'words.csv', { type: 'text/csv' });
    renderWithProviders(<AnkiImportDialog open onClose={() => {}} initialFile={csv} />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Imported 1 deck, 2 cards and 0 reviews.');
    expect(server.hits('/be/api/space-repetition/anki-import/')).toHaveLength(0);
    const [sent] = server.hits('/be/api/space-repetition/csv-import/');
    expect(sent?.body).toContain('filename="words.csv"');
    expect(sent?.body).toContain('One,Uno');
  });

  test.each([
    [
      'en',
      'Import',
      [
        'Row 3: This row does not have the file’s columns (front,back).',
        'Row 7, column front: This field may not be blank.',
      ],
    ],
    [
      'es',
      'Importar',
      [
        'Fila 3: Esta fila no tiene las columnas del archivo (front,back).',
        'Fila 7, columna front: Este campo no puede estar vacío.',
      ],
    ],
  ] as const)(
    'lists each bad row of a refused CSV file with its number and why (%s)',
    async (locale, button, lines) => {
      server.handle(() => ({
        status: 400,
        body: {
          detail: '2 rows of the CSV file cannot be imported; the first 2 are listed.',
          code: 'validation_error',
          fields: {
            'rows.3': ['Must have 2 columns.'],
            'rows.7.front': ['This field may not be blank.'],
          },
          field_codes: { 'rows.3': ['csv_column_count'], 'rows.7.front': ['blank'] },
        },
      }));
      const csv = new File(['a,b\n'], 'words.csv', { type: 'text/csv' });
      renderWithProviders(<AnkiImportDialog open onClose={() => {}} initialFile={csv} />, {
        locale,
      });
      fireEvent.click(screen.getByRole('button', { name: button }));
      const alert = await screen.findByRole('alert');
      expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual(lines);
    },
  );

  test('Import stays disabled until a package is chosen', () => {
    renderWithProviders(<AnkiImportDialog open onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });
});
