import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resources } from '@teamboard/i18n';
import { describe, expect, it } from 'vitest';
import { TIP_CARDS } from '../../src/features/assistant/tips/tip-base.js';

/** A Spanish text the product shows or sends, named `source:key` so a failure says where. */
interface SpanishText {
  where: string;
  text: string;
}

type Tree = { [key: string]: unknown };

function catalogTexts(tree: Tree, prefix: string): SpanishText[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [{ where: `${prefix}${key}`, text: value }]
      : catalogTexts(value as Tree, `${prefix}${key}.`),
  );
}

/** The coach's Spanish sentences: its source from `const es` on (the English half comes first). */
function coachTexts(): SpanishText[] {
  const file = path.resolve(__dirname, '../../src/features/assistant/coach/coach.text.ts');
  const spanish = readFileSync(file, 'utf8').split('const es: CoachText')[1] ?? '';
  return spanish.split('\n').map((text, line) => ({ where: `coach:${line + 1}`, text }));
}

/** Every Spanish text: catalogs (screens, mails, errors, CSV headers), tip base and coach. */
const SPANISH: SpanishText[] = [
  ...Object.entries(resources.es).flatMap(([namespace, catalog]) =>
    catalogTexts(catalog as Tree, `${namespace}:`),
  ),
  ...TIP_CARDS.flatMap((card) => [
    { where: `tip:${card.id}.title`, text: card.es.title },
    { where: `tip:${card.id}.body`, text: card.es.body },
  ]),
  ...coachTexts(),
];

/** shared/GLOSSARY-es.md's "not" column, as patterns for whole words. */
const VARIANTS: Record<string, string> = {
  'panel de administración': 'dashboard → «Panel»',
  'stand-?ups?': 'stand-up report → «reporte diario»',
  daily: 'stand-up → «reporte diario» (the meeting: «reunión diaria»)',
  'impedimentos?': 'blocker → «bloqueo»',
  'integrantes?': 'member → «miembro»',
  'dueñ[oa]s?': 'owner → «propietario»',
  'profesor(a|es|as)?|profesorado': 'teacher → «docente», «equipo docente»',
  'reportes?(?!\\s+diarios?)': 'reports → «informes» (only «reporte diario» keeps the word)',
  'report(ar|a|as|an|ó|aron|ad[oa]s?|e|en)': 'log hours → «registrar horas»',
  'ingres(ar|a|ó|aron|ad[oa]s?)': 'log hours → «registrar horas»',
  'inform(ar|a|ó|aron|ad[oa]s?)': 'log hours → «registrar horas»',
  'anot(ar|a|ó|aron|ad[oa]s?|en)': 'log hours → «registrar horas»',
  'horas previstas|previst[oa]s?': 'expected hours → «horas estimadas»',
  'plazos?': 'deadline → «fecha límite»',
  'vencid[oa]s?': 'overdue → «atrasada»',
  'puntajes?|valoraci(ón|ones)': 'rating → «calificación»',
  'coevaluaci(ón|ones)': 'peer evaluation → «evaluación entre pares»',
  media: 'average → «promedio»',
  'añad\\p{L}*': 'add → «agregar»',
  ajustes: 'settings → «configuración»',
  'renombr\\p{L}*': 'rename → «cambiar nombre»',
  'enlaz\\p{L}*': 'link a repository → «vincular»',
  'periodos?': 'period → «período»',
  intro: 'Enter key → «Enter»',
  'actividad(es)?': 'task → «tarea» («actividad» is the activity feed)',
  'listas?': 'column → «columna»',
};

/**
 * Reviewed uses of a variant in another sense: the variant, where (a pattern on `source:key`)
 * and why it is not the glossary's concept.
 */
const ALLOWED: { variant: string; where: RegExp; text?: RegExp; reason: string }[] = [
  {
    variant: 'reportes?(?!\\s+diarios?)',
    where: /^standups:|^errors:STANDUP_|^projects:pages\.standup$|^fairness:how\.activity$/,
    reason: 'short for «reporte diario» on the stand-up screens',
  },
  {
    variant: 'report(ar|a|as|an|ó|aron|ad[oa]s?|e|en)',
    where: /^standups:|^errors:STANDUP_|^projects:pages\.standup$|^fairness:how\.activity$/,
    reason: '«reporte» (diario) the noun, not the verb',
  },
  {
    variant: 'anot(ar|a|ó|aron|ad[oa]s?|en)',
    where:
      /^lessons:mine\.empty_hint$|^tip:a-scrum-review-feedback|^tip:a-estimation-compare-actuals|^tip:a-codereview-disagreements|^tip:b-teamwork-conflict-facts|^tip:b-presentations-demo-script/,
    reason: 'writing down a lesson, a decision or a step, not logging hours',
  },
  {
    variant: 'vencid[oa]s?',
    where: /^tip:a-testing-arrange-act-assert|^tip:b-presentations-demo-script/,
    reason: 'an expired coupon or session in an example, not an overdue task',
  },
  {
    variant: 'media',
    where: /^boards:priority\.medium$|^coach:|^tip:/,
    text: /^Media$|prioridad media|media (hora|página|queries)/,
    reason: 'medium priority, «media hora», «media página», CSS media queries',
  },
  {
    variant: 'actividad(es)?',
    where:
      /^activity:|^home:activity\.|^fairness:|^course-overview:|^reports:tasks\.empty$|^tip:b-databases-transactions|^tip:b-requirements-story-map/,
    reason: 'the activity feed, or a user activity in a story map',
  },
  {
    variant: 'listas?',
    where: /^(?!boards:|tasks:(?!sections\.checklist$|checklist\.))/,
    reason: 'a column is «lista» only on the board: elsewhere a list is a list (rosters, checklists, tips)',
  },
];

/**
 * Plural commands (ustedes) that once addressed the tip-base reader, each replaced by its tú form
 * («acuerden» → «acuerda con tu equipo»). Forms that are as often a third-person plural
 * («que todos voten», «creen» of creer) are left out, so the list names only the reader.
 */
const PLURAL_COMMANDS = `
  abran acepten activen actualicen acudan acuerden adivinen agradezcan agreguen agrupen ajusten
  aniden anoten apilen aprendan apunten armen arreglen borren busquen calculen cambien carguen
  comparen compartan comprueben conecten configuren confíen congelen conviertan coordinen copien
  corrijan corten critiquen cronometren cubran decidan declaren definan dejen denle depuren
  describan deshabiliten desplieguen devuelvan dibujen discutan editen ejecuten elijan empiecen
  enlacen ensayen enumeren equilibren escriban escuchen estimen estiren etiqueten expliquen fijen
  formateen graben guarden hagan indexen inicien instalen inventen investiguen inviten lancen
  levanten listen lleven manden mantengan marquen mezclen midan miren modifiquen muestren nombren
  obtengan oculten ordenen paginen peguen permitan piensen planifiquen pongan prefieran pregunten
  preparen programen propongan protejan prueben publiquen quiten rechacen recorran recorten
  recuerden redimensionen regeneren registren relean renumeren repartan repasen replanifiquen
  respondan revisen roten saquen separen simplifiquen suban subrayen terminen tiren tomen tracen
  transmitan ubiquen unan usen validen verifiquen virtualicen vuelvan
`
  .trim()
  .split(/\s+/);

/**
 * A plural command with a pronoun attached: the stress mark before «-en/-an» + pronoun is what
 * tells «pregúntense», «háganlo», «súbanlo» from a tú form («pregúntate», «tenlo», «mantenlo»).
 */
const PLURAL_COMMAND_WITH_PRONOUN =
  /(?<!\p{L})\p{L}*[áéíóú]\p{L}*[ae]n(se|le|les|lo|la|los|las|nos)(?!\p{L})/iu;

function wordPattern(variant: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\-])(${variant})(?![\\p{L}\\-])`, 'iu');
}

function allowed(variant: string, { where, text }: SpanishText): boolean {
  return ALLOWED.some(
    (entry) => entry.variant === variant && entry.where.test(where) && (entry.text?.test(text) ?? true),
  );
}

describe('Spanish glossary (shared/GLOSSARY-es.md)', () => {
  it('finds a variant in a sentence (the matcher itself)', () => {
    expect(wordPattern('añad\\p{L}*').test('Añadir tarea')).toBe(true);
    expect(wordPattern('reportes?(?!\\s+diarios?)').test('Reportes diarios')).toBe(false);
    expect(wordPattern('media').test('multimedia')).toBe(false);
  });

  it('uses no variant of a glossary term in any Spanish text', () => {
    const found = SPANISH.flatMap((spanish) =>
      Object.entries(VARIANTS)
        .filter(([variant]) => wordPattern(variant).test(spanish.text) && !allowed(variant, spanish))
        .map(([variant, use]) => {
          const word = wordPattern(variant).exec(spanish.text)?.[0];
          return `${spanish.where}: «${word}» (${use})`;
        }),
    );
    expect(found).toEqual([]);
  });

  it('calls a year of study «año», never «curso»', () => {
    const years = SPANISH.filter(
      ({ where, text }) => /year[^.:]*$/.test(where) && /(?<!\p{L})curso(?!\p{L})/iu.test(text),
    );
    expect(years.map(({ where }) => where)).toEqual([]);
  });

  it('addresses the tip-base reader as tú, never usted or ustedes', () => {
    const formal = SPANISH.filter(
      ({ where, text }) => where.startsWith('tip:') && /(?<!\p{L})usted(es)?(?!\p{L})/iu.test(text),
    );
    expect(formal.map(({ where }) => where)).toEqual([]);
  });

  it('finds a plural command with a pronoun, not a tú one (the matcher itself)', () => {
    expect(PLURAL_COMMAND_WITH_PRONOUN.test('En la retro pregúntense por qué')).toBe(true);
    expect(PLURAL_COMMAND_WITH_PRONOUN.test('Súbanlo como no listado')).toBe(true);
    expect(PLURAL_COMMAND_WITH_PRONOUN.test('En la retro pregúntate por qué')).toBe(false);
    expect(PLURAL_COMMAND_WITH_PRONOUN.test('Mantenlo corto y tenlo a mano')).toBe(false);
  });

  it('gives the tip-base reader tú commands, never plural ones («acuerden», «usen», «pregúntense»)', () => {
    const plural = PLURAL_COMMANDS.map(wordPattern);
    const found = SPANISH.filter(({ where }) => where.startsWith('tip:')).flatMap(({ where, text }) => {
      const command =
        plural.map((pattern) => pattern.exec(text)?.[0]).find((word) => word !== undefined) ??
        PLURAL_COMMAND_WITH_PRONOUN.exec(text)?.[0];
      return command === undefined ? [] : [`${where}: «${command}»`];
    });
    expect(found).toEqual([]);
  });

  it('writes catalog titles in sentence case («Nuevo tablero», not «Nuevo Tablero»)', () => {
    const PROPER = /^(Markdown|Anthropic|GitHub|GitLab|TeamBoard|OpenAI|Gini|CSV|Enter)\b/;
    const titleCase = SPANISH.filter(({ where, text }) => {
      if (where.startsWith('tip:') || where.startsWith('coach:')) return false;
      const second = /^\p{Lu}\p{Ll}+ (?:(?:de|del|la|el|los|las|y) )?(\p{Lu}\p{Ll}{3,}\S*)/u.exec(text)?.[1];
      return second !== undefined && !PROPER.test(second);
    });
    expect(titleCase.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });
});
