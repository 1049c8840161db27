/**
 * Declines written in French, Spanish or German, which agents answering bilingual users write
 * as readily as English ones: the same first-person intention not to deliver ("je ne vais pas
 * écrire le rapport", "je décline", "no voy a emitir la directiva", "me niego a firmarlo",
 * "ich werde die Direktive nicht schreiben", "das Memo schreibe ich nicht", "ich lehne ab").
 * Read on the folded sentence (lower-cased, accents kept), first person included in each form.
 */

/** Acts of delivering the work, in the infinitive and the first person present. */
const FR_ACTS = "(?:écrire|rédiger|remplir|émettre|produire|signer|envoyer|fermer|clôturer|clore|livrer|poser|publier|valider|transmettre|créer|préparer)";
const FR_ACTS_NOW = "(?:écris|rédige|remplis|émets|produis|signe|envoie|ferme|clôture|livre|pose|publie|valide|transmets|crée|prépare)";
const DE_ACTS = "(?:schreiben|erstellen|ausstellen|abschließen|abschliessen|unterschreiben|unterzeichnen|freigeben|liefern|senden|schicken|einreichen|abgeben|ausfüllen|setzen)";
const DE_ACTS_NOW = "(?:schreibe|erstelle|stelle|schließe|schliesse|unterschreibe|unterzeichne|gebe|liefere|sende|schicke|reiche|fülle|setze)";
const ES_ACTS = "(?:escribir|redactar|rellenar|llenar|emitir|producir|firmar|enviar|cerrar|entregar|publicar|validar|crear|preparar)";

const DECLINES: readonly RegExp[] = [
  // "je ne vais pas écrire …", "je ne peux pas signer …", "nous n'allons pas émettre …"
  new RegExp(`\\b(?:je|j'|nous) ?(?:ne|n') ?(?:vais|veux|peux|compte|allons|voulons|pouvons) pas (?:\\S+ ){0,2}${FR_ACTS}\\b`),
  // "je n'écris pas …", "je ne remplis pas ce record"
  new RegExp(`\\b(?:je|nous) (?:ne |n')${FR_ACTS_NOW} (?:pas|rien)\\b`),
  // "je décline …", "je vais décliner …", "je refuse de …"
  /\b(?:je|nous) (?:vais |allons )?(?:décline|décliner|déclinons|refuse|refuser|refusons)\b/,
  // "no voy a emitir …", "no puedo firmar …", "no vamos a cerrar …"
  new RegExp(`\\bno (?:voy|vamos|puedo|podemos|quiero|queremos) (?:a )?(?:\\S+ ){0,1}${ES_ACTS}\\b`),
  // "me niego a …", "declino …", "rechazo hacer …"
  /\b(?:me niego a|nos negamos a|declino|declinamos|rechazo (?:hacer|emitir|firmar|escribir))\b/,
  // "ich werde … nicht schreiben", "ich kann … nicht ausstellen" (the object between)
  new RegExp(`\\b(?:ich|wir) (?:werde|werden|kann|können|will|wollen|möchte|möchten) (?:\\S+ ){0,4}nicht ${DE_ACTS}\\b`),
  // "… schreibe ich nicht", "ich schreibe … nicht" (verb second, the object first or after)
  new RegExp(`\\b${DE_ACTS_NOW} (?:ich|wir) (?:\\S+ ){0,3}nicht\\b`),
  new RegExp(`\\b(?:ich|wir) ${DE_ACTS_NOW} (?:\\S+ ){0,4}nicht\\b`),
  // "ich lehne ab", "ich lehne das ab", "ich verweigere …"
  /\b(?:ich|wir) (?:lehne|lehnen) (?:\S+ ){0,4}ab\b|\b(?:ich|wir) (?:verweigere|verweigern)\b/,
];

/** Whether a folded sentence declines in French, Spanish or German (see the module comment). */
export function declinesInOtherLanguage(folded: string): boolean {
  return DECLINES.some((p) => p.test(folded));
}
