/**
 * DuckDB types of the nested Parquet columns the exports write. Message and tool structs
 * hold the keys TRL's conversational rows use; keys a message lacks are null there.
 */

const TOOL_CALL = `STRUCT(id VARCHAR, "type" VARCHAR, "function" STRUCT("name" VARCHAR, arguments JSON))`;

/** A list of chat messages in TRL's shape (tool-call arguments as JSON objects). */
export const MESSAGES = `STRUCT("role" VARCHAR, "content" VARCHAR, tool_calls ${TOOL_CALL}[], "name" VARCHAR, tool_call_id VARCHAR)[]`;

/** A list of OpenAI function tools; the parameter schema is a JSON object. */
export const TOOLS = `STRUCT("type" VARCHAR, "function" STRUCT("name" VARCHAR, description VARCHAR, parameters JSON))[]`;

export const STRING = "VARCHAR";
export const DOUBLE = "DOUBLE";
export const INTEGER = "INTEGER";
export const BOOLEAN = "BOOLEAN";
