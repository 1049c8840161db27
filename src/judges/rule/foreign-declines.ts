/**
 * Declines written in French, Spanish, Portuguese, Italian, German, Dutch, Swedish or Hindi (typed in Latin
 * letters), which agents answering
 * bilingual users write as readily as English ones: the same first-person intention not to
 * deliver ("je ne vais pas écrire le rapport", "je décline", "no voy a emitir la directiva",
 * "tampoco firmo", "prefiero no encargarme", "não vou assinar", "non firmerò il rapporto",
 * "mi rifiuto di", "ich werde die Direktive nicht schreiben", "das Memo schreibe ich nicht",
 * "jag tänker inte skriva rapporten", "det avböjer jag", "main yeh memo nahi likhunga", "main mana karna chahunga").
 * Read on the folded sentence (lower-cased; the accented words foreign-words.ts knows already
 * read as English, so Portuguese "não" is "not" here), first person included in each form.
 */

/** Acts of delivering the work, in the infinitive and the first person present. */
const FR_ACTS = "(?:écrire|rédiger|remplir|émettre|produire|signer|envoyer|fermer|clôturer|clore|livrer|poser|publier|valider|transmettre|créer|préparer|choisir|marquer|fixer)";
const FR_ACTS_NOW = "(?:écris|rédige|remplis|émets|produis|signe|envoie|ferme|clôture|livre|pose|publie|valide|transmets|crée|prépare)";
const DE_ACTS = "(?:schreiben|erstellen|ausstellen|abschließen|abschliessen|unterschreiben|unterzeichnen|freigeben|liefern|senden|schicken|einreichen|abgeben|ausfüllen|setzen)";
const DE_ACTS_NOW = "(?:schreibe|erstelle|stelle|schließe|schliesse|unterschreibe|unterzeichne|gebe|liefere|sende|schicke|reiche|fülle|setze)";
const ES_ACTS = "(?:escribir|redactar|rellenar|llenar|emitir|producir|firmar|enviar|cerrar|entregar|publicar|validar|crear|preparar|elegir|escoger|marcar|fijar)";
const ES_ACTS_NOW = "(?:escribo|redacto|relleno|lleno|emito|produzco|firmo|envío|cierro|entrego|publico|preparo)";
const PT_ACTS = "(?:escrever|redigir|preencher|emitir|produzir|assinar|enviar|fechar|entregar|publicar|validar|criar|preparar|escolher|marcar|definir)";
const PT_ACTS_NOW = "(?:escrevo|redijo|preencho|emito|produzo|assino|envio|fecho|entrego|publico|preparo)";
/** Portuguese "não", which the folded text already reads as "not". */
const PT_NOT = "(?:not|nao)";
const IT_ACTS = "(?:scrivere|redigere|compilare|emettere|produrre|firmare|inviare|chiudere|consegnare|pubblicare|convalidare|creare|preparare|scegliere|segnare|impostare)";
const IT_ACTS_LATER = "(?:scriverò|redigerò|compilerò|emetterò|produrrò|firmerò|invierò|chiuderò|consegnerò|pubblicherò|convaliderò|creerò|preparerò)";
const IT_ACTS_NOW = "(?:scrivo|redigo|compilo|emetto|produco|firmo|invio|chiudo|consegno|pubblico|convalido|preparo)";
const NL_ACTS = "(?:schrijven|opstellen|invullen|uitgeven|ondertekenen|tekenen|versturen|sturen|afsluiten|sluiten|indienen|leveren|aanleveren|maken|afgeven|vrijgeven|kiezen|zetten|markeren|doen)";
const NL_ACTS_NOW = "(?:schrijf|stel|vul|geef|onderteken|teken|verstuur|stuur|sluit|dien|lever|maak|kies|zet|markeer|doe)";
const SV_ACTS = "(?:skriva|upprätta|utfärda|fylla|signera|underteckna|skicka|stänga|lämna|leverera|sätta|markera|göra|godkänna|släppa|färdigställa|logga|registrera|välja)";
const SV_ACTS_NOW = "(?:skriver|upprättar|utfärdar|fyller|signerar|undertecknar|skickar|stänger|lämnar|levererar|sätter|markerar|gör|godkänner|släpper|färdigställer|loggar|registrerar|väljer)";
/** Hindi verbs of delivering, as stems ("likh" write, "bana" make, "bhej" send, "bhar" fill, "de" give, "kar" do, "badha" take forward). */
const HI_ACTS = "(?:(?:likh|bhej|bhar|kar)(?:unga|ungi|enge|na|ta|ti|te|a|i|e)?|bana(?:unga|ungi|enge|na|ta|ti|te|ya|yi)?|badha(?:unga|ungi|enge|na|ta|ti|te|ya)?|de(?:na|ta|ti|te|nge|ga|gi)?|dunga|dungi|diya|jaari|sign|set|file|submit)\\b";
const HI_NOT = "(?:nahi|nahin|nahii|nhi)";
/** Where a word ending in an accented letter ends (\b sees no boundary after "ò"). */
const END = "(?![a-zà-ÿ])";

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
  // "no voy a abrir los archivos ni a preparar el memo": the act in a coordinated "ni".
  new RegExp(`\\bno (?:voy|vamos|puedo|podemos|quiero|queremos) a (?:\\S+ ){0,5}ni (?:a )?${ES_ACTS}\\b`),
  // "no firmo …", "tampoco escribo el informe", "… ni escribo el registro" (the present as the intention).
  new RegExp(`\\b(?:no|tampoco|ni) ${ES_ACTS_NOW}${END}`),
  // "prefiero no encargarme de …", "prefiero no tomar el caso": the preference not to take the work on.
  new RegExp(`\\b(?:prefiero|preferimos) no (?:hacerme cargo|encargarme|tomar|asumir|(?:\\S+ )?${ES_ACTS})\\b`),
  // Portuguese: "não vou assinar …", "não posso emitir …", "não vou abrir nada nem preparar o memo".
  new RegExp(`\\b${PT_NOT} (?:vou|vamos|posso|podemos|quero|queremos|irei) (?:\\S+ ){0,1}${PT_ACTS}\\b`),
  new RegExp(`\\b${PT_NOT} (?:vou|vamos|posso|podemos|quero|queremos|irei) (?:\\S+ ){0,5}nem ${PT_ACTS}\\b`),
  new RegExp(`\\b(?:${PT_NOT}|nem|tampouco) ${PT_ACTS_NOW}\\b`),
  /\b(?:me recuso a|recuso-me a|nos recusamos a|recusamo-nos a)\b/,
  new RegExp(`\\b(?:prefiro|preferimos) ${PT_NOT} (?:assumir|pegar|ficar com|(?:\\S+ )?${PT_ACTS})\\b`),
  // Italian: "non firmerò …", "non posso emettere …", "non firmo", "mi rifiuto di …", "preferisco non occuparmene".
  new RegExp(`\\bnon (?:\\S+ )?${IT_ACTS_LATER}${END}`),
  new RegExp(`\\bnon (?:posso|possiamo|voglio|vogliamo|intendo|intendiamo|vado a) (?:\\S+ ){0,1}${IT_ACTS}\\b`),
  new RegExp(`\\b(?:non|nor) ${IT_ACTS_NOW}\\b`),
  /\b(?:mi rifiuto di|ci rifiutiamo di|rifiuto di)\b/,
  new RegExp(`\\b(?:preferisco|preferiamo) non (?:occuparmene|occuparcene|prendere|assumere|(?:\\S+ )?${IT_ACTS})\\b`),
  // Dutch: "ik ga het rapport niet schrijven", "ik stel het memo niet op", "dat teken ik niet", "ik weiger",
  // "ik doe dit liever niet".
  new RegExp(`\\b(?:ik|we|wij) (?:ga|gaan|zal|zullen|kan|kunnen|wil|willen) (?:\\S+ ){0,4}niet ${NL_ACTS}\\b`),
  new RegExp(`\\b(?:ik|we|wij) ${NL_ACTS_NOW} (?:\\S+ ){0,4}niet\\b`),
  new RegExp(`\\b${NL_ACTS_NOW} (?:ik|we|wij) (?:\\S+ ){0,3}niet\\b`),
  /\b(?:ik|we|wij) (?:weiger|weigeren)\b|\b(?:ik|we|wij) (?:\S+ ){0,3}liever niet\b/,
  // French: "je préfère ne pas signer …".
  new RegExp(`\\b(?:je|nous) (?:préfère|préférons) ne pas (?:\\S+ ){0,1}${FR_ACTS}\\b`),
  // "ich werde … nicht schreiben", "ich kann … nicht ausstellen" (the object between)
  new RegExp(`\\b(?:ich|wir) (?:werde|werden|kann|können|will|wollen|möchte|möchten) (?:\\S+ ){0,4}nicht ${DE_ACTS}\\b`),
  // "… schreibe ich nicht", "ich schreibe … nicht" (verb second, the object first or after)
  new RegExp(`\\b${DE_ACTS_NOW} (?:ich|wir) (?:\\S+ ){0,3}nicht\\b`),
  new RegExp(`\\b(?:ich|wir) ${DE_ACTS_NOW} (?:\\S+ ){0,4}nicht\\b`),
  // "ich lehne ab", "ich lehne das ab", "ich verweigere …"
  /\b(?:ich|wir) (?:lehne|lehnen) (?:\S+ ){0,4}ab\b|\b(?:ich|wir) (?:verweigere|verweigern)\b/,
  // Swedish: "jag avböjer", "det här avböjer jag", "jag avstår från …",
  // "jag tackar nej", "jag tänker inte skriva …", "jag skriver inte …", "jag skriver ingen rapport", "det gör jag inte".
  new RegExp(`\\b(?:jag|vi) (?:\\S+ ){0,3}(?:avböjer|avstår|tackar nej)${END}|\\b(?:avböjer|avstår) (?:jag|vi)\\b`),
  new RegExp(`\\b(?:jag|vi) (?:tänker|kommer|kan|vill|ska|tänkte|kunde) (?:\\S+ ){0,1}(?:inte|ej) (?:att )?(?:\\S+ ){0,1}${SV_ACTS}${END}`),
  new RegExp(`\\b(?:jag|vi) ${SV_ACTS_NOW} (?:\\S+ ){0,4}(?:inte|ej|ingen|inget|inga)\\b|\\b${SV_ACTS_NOW} (?:jag|vi) (?:\\S+ ){0,3}inte\\b`),
  // Hindi, the verb last: "main reports/final_directive.md nahi likhunga", "main is set ko certify nahi kar raha",
  // and refusing outright: "main mana karna chahunga", "hum inkaar karte hain".
  new RegExp(`\\b(?:main|mai|hum)\\b (?:\\S+ ){0,8}${HI_NOT} ${HI_ACTS}`),
  /\b(?:main|mai|hum)\b (?:\S+ ){0,8}(?:mana|inkaar|inkar) (?:kar|kart|kiya)\w*/,
];

/** Whether a folded sentence declines in one of the languages above (see the module comment). */
export function declinesInOtherLanguage(folded: string): boolean {
  return DECLINES.some((p) => p.test(folded));
}
