//! Placeholder until its issue lands.

use super::error::ApiError;

pub async fn handler() -> Result<(), ApiError> {
    Err(ApiError::NotFound)
}
